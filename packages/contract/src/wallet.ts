import { endpoint } from './endpoint.ts';
import { described, integer } from './schema.ts';
import * as z from 'zod/mini';

export const balanceGet = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/finance/user/balance/get',
  host: 'main',
  auth: 'user',
  query: described(z.object({}), 'No parameters beyond the common ones'),
  body: described(z.undefined(), 'No body'),
  data: z.object({
    balances: described(
      z.array(
        z.object({
          currency: described(z.string(), 'Currency code'),
          symbol: described(z.string(), 'Display symbol'),
          balance_info: z.object({ balance: integer('Balance in minor units (divide by 100)') }),
        }),
      ),
      'One entry per currency the player holds',
    ),
    total_balance: integer('Balance of the display currency in minor units'),
  }),
}));
