import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

const stored = deferred(() => z.object({ id: integer('Id of the stored report') }));
const noQuery = described(z.object({}), 'No parameters beyond the common ones');

export const errorReport = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/component/app/error/report',
  host: 'tracking',
  auth: 'optional',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    host: text(256, 'Host the failed call went to'),
    method: text(8, 'HTTP method'),
    uri: text(512, 'Path of the failed call'),
    query: z._default(text(2048, 'Query string sent, secret values replaced (redact.ts)'), ''),
    body: z._default(text(4096, 'Body sent, secret values replaced, truncated'), ''),
    http_status: integer('HTTP status received; 0 when none', { min: 0, max: 599 }),
    dm_error: integer('dm_error received'),
    error_msg: z._default(text(1024, 'error_msg received'), ''),
    event_time: integer('Client time in ms'),
    cost: integer('Duration of the failed call in ms', { min: 0 }),
    trace_id: z._default(text(64, 'Trace id from the x-trace-id header'), ''),
  }),
  data: stored,
}));

export const mdUpload = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/component/ad/md/upload',
  host: 'tracking',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({
    events: z
      .array(
        z.strictObject({
          event: described(z.string().check(z.minLength(1), z.maxLength(64)), 'Event type (tracking.ts catalogue; other names are not stored)'),
          eid: z.optional(described(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)), 'Event id chosen by the client; a repeat is stored once')),
          uuid: z.optional(described(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)), 'Install (visitor) id')),
          cc: z._default(text(8, 'Country code'), ''),
          cv: z._default(text(64, 'Client version'), ''),
          time: integer('Client time in ms'),
          params: z._default(
            described(z.record(z.string().check(z.maxLength(64)), z.union([z.string().check(z.maxLength(512)), z.number(), z.boolean()])), 'Event parameters'),
            {},
          ),
        }),
      )
      .check(z.minLength(1), z.maxLength(50)),
  }),
  data: z.object({ accepted: integer('Events stored (server-only and unknown names are dropped, repeats counted once)') }),
}));

export const logReport = endpoint(() => ({
  method: 'POST',
  path: '/api/v1/component/log/report',
  host: 'tracking',
  auth: 'optional',
  query: noQuery,
  body: z.strictObject({
    eid: described(z.string().check(z.minLength(1), z.maxLength(64)), 'Event id, e.g. first_screen'),
    log_ses: described(z.string().check(z.minLength(1), z.maxLength(64)), 'Client log session'),
    data: z.strictObject({ loading_ms: integer('First-screen loading time', { min: 0, max: 600_000 }) }),
    ui_version: integer('UI version', { min: 1, max: 9 }),
  }),
  data: stored,
}));
