import { createServer } from 'node:net';

/**
 * A port for a server process a test starts and names on its command line. Drawn at random below the kernel's
 * ephemeral range (32768–60999 on this machine): a port the kernel hands out for `listen(0)` and then frees was seen,
 * within the same second, handed to another test file's server started in parallel — the first file's process then
 * failed with EADDRINUSE while the other server answered its health check. Above 1024, below the ephemeral range.
 */
export async function portFree(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 20000–31999');
}
