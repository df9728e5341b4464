import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const balanceGet = endpoint({
  method: 'GET',
  path: '/api/piranha/finance/user/balance/get',
  host: 'main',
  auth: 'user',
  query: z.object({}),
  body: z.undefined(),
  data: z.object({
    balances: z
      .array(
        z.object({
          currency: z.string().describe('Currency code'),
          symbol: z.string().describe('Display symbol'),
          balance_info: z.object({ balance: z.number().int().describe('Balance in minor units (divide by 100)') }),
        }),
      )
      .describe('One entry per currency the player holds'),
    total_balance: z.number().int().describe('Balance of the display currency in minor units'),
  }),
});
