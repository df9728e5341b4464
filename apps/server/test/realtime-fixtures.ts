import { realtimeFrameParse, type RealtimeFrame } from '@piranha/contract';
import type { WebSocket } from 'ws';

/** An open socket and what it has heard; `next` waits for the next frame (in order). */
export interface Listener {
  frames: RealtimeFrame[];
  next: () => Promise<RealtimeFrame>;
  socket: WebSocket;
}

/** Records every frame the socket hears, but those `ignored` says a test does not follow. */
export function listen(socket: WebSocket, ignored: (frame: RealtimeFrame) => boolean = () => false): Listener {
  const frames: RealtimeFrame[] = [];
  const waiting: ((frame: RealtimeFrame) => void)[] = [];
  let read = 0;
  socket.on('message', (data) => {
    const frame = realtimeFrameParse(String(data));
    if (!frame) throw new Error(`not a frame: ${String(data)}`);
    if (ignored(frame)) return;
    frames.push(frame);
    waiting.shift()?.(frame);
  });
  return {
    frames,
    socket,
    next: () => {
      const index = read++;
      if (index < frames.length) return Promise.resolve(frames[index]!);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** Resolves once the socket is open; rejects on its error. */
export function opened(socket: WebSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
}
