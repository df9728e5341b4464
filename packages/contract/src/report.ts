import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const stored = z.object({ id: z.number().int().describe('Id of the stored report') });

export const errorReport = endpoint({
  method: 'POST',
  path: '/api/v1/component/app/error/report',
  host: 'tracking',
  auth: 'optional',
  idempotency: 'optional',
  query: z.object({}),
  body: z.object({
    host: z.string().max(256),
    method: z.string().max(8),
    uri: z.string().max(512),
    query: z.string().max(2048).default(''),
    body: z.string().max(4096).default(''),
    http_status: z.number().int().min(0).max(599),
    dm_error: z.number().int(),
    error_msg: z.string().max(1024).default(''),
    event_time: z.number().int().describe('Client time in ms'),
    cost: z.number().int().min(0).describe('Duration of the failed call in ms'),
    trace_id: z.string().max(64).default(''),
  }),
  data: stored,
});

export const mdUpload = endpoint({
  method: 'POST',
  path: '/api/v1/component/ad/md/upload',
  host: 'tracking',
  auth: 'optional',
  query: z.object({}),
  body: z.object({
    events: z
      .array(
        z.object({
          event: z.string().min(1).max(64).describe('Event type'),
          cc: z.string().max(8).default('').describe('Country code'),
          cv: z.string().max(64).default('').describe('Client version'),
          time: z.number().int().describe('Client time in ms'),
          params: z.record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean()])).default({}),
        }),
      )
      .min(1)
      .max(50),
  }),
  data: z.object({ accepted: z.number().int() }),
});

export const logReport = endpoint({
  method: 'POST',
  path: '/api/v1/component/log/report',
  host: 'tracking',
  auth: 'optional',
  query: z.object({}),
  body: z.object({
    eid: z.string().min(1).max(64).describe('Event id, e.g. first_screen'),
    log_ses: z.string().min(1).max(64).describe('Client log session'),
    data: z.object({ loading_ms: z.number().int().min(0).max(600_000).describe('First-screen loading time') }),
    ui_version: z.number().int().min(1).max(9),
  }),
  data: stored,
});
