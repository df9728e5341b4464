import autocannon from 'autocannon';

/**
 * Runs autocannon against one URL: a short warm-up (JIT, connection pools, caches), then the measured run.
 * `expectBody` makes autocannon count any other body as a mismatch, since the API answers its errors
 * with HTTP 200 and a non-zero dm_error that a status count would miss; `verifyResponse` adds mismatches of its own.
 */
export async function loadRun(url, { seconds, connections = 50, warmupSeconds = 1, expectBody, verifyResponse, method, body, headers } = {}) {
  const options = { url, connections, expectBody, ...(method ? { method } : {}), ...(body ? { body } : {}), ...(headers ? { headers } : {}) };
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  // `verifyResponse(status, headers)` checks what a body check cannot (a compressed answer, read by autocannon as text).
  let unverified = 0;
  const verified = verifyResponse
    ? {
        requests: [
          {
            onResponse: (status, _body, _context, responseHeaders) => {
              if (!verifyResponse(status, responseHeaders)) unverified += 1;
            },
          },
        ],
      }
    : {};
  const result = await autocannon({ ...options, ...verified, duration: seconds });
  return {
    connections,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: (result.mismatches ?? 0) + unverified,
    count2xx: result['2xx'],
    count3xx: result['3xx'],
  };
}

/** "p50 1 ms, p99 3 ms" plus any failure counts, for the note column. */
export function loadNote(run) {
  const failures = [
    ['non-2xx', run.non2xx],
    ['errors', run.errors],
    ['timeouts', run.timeouts],
    ['body mismatches', run.mismatches],
  ]
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${count} ${label}`);
  return [`p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms, c${run.connections}`, ...failures].join('; ');
}
