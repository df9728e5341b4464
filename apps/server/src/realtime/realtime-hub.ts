import type { WebSocket } from 'ws';

/**
 * This node's open sockets by topic (decision 036). `deliver` writes one already-serialized frame to every socket of
 * the topic: the frame is built once per event, whatever the number of listeners. A socket that stops reading (more
 * than `BUFFERED_MAX` waiting in its send buffer) is cut rather than let grow the node's memory; its page reconnects
 * or polls.
 */
export const BUFFERED_MAX = 1 << 20;
/** Sockets per player on one node; a new one beyond it closes the oldest (a tab left open per device is normal). */
export const SOCKETS_PER_PLAYER_MAX = 8;

export interface RealtimeHub {
  /** Adds a socket to its topics; it leaves them when it closes. `owner` counts towards the per-player limit. */
  join(socket: WebSocket, owner: string, topics: readonly string[], sessionId?: number): void;
  /**
   * Closes this node's sockets of `owner` at once (decision 041: sign-out, time-out, self-exclusion…): those opened in
   * `sessionId` only, or all but those of `keepSessionId`, or all. A closing socket is written nothing more.
   */
  closeOwner(owner: string, which: { sessionId?: number | undefined; keepSessionId?: number | undefined }, code: number, reason: string): number;
  /** Sends the frame to this node's sockets of the topic; answers how many it was written to. */
  deliver(topic: string, frame: string): number;
  /** The topics starting with `prefix` that have a socket on this node (the odds push builds frames for those only). */
  topicsOf(prefix: string): string[];
  /** Open sockets on this node. */
  size(): number;
  close(): void;
}

export function realtimeHubCreate(): RealtimeHub {
  const byTopic = new Map<string, Set<WebSocket>>();
  const byOwner = new Map<string, WebSocket[]>();
  const sessionOf = new WeakMap<WebSocket, number>();
  let open = 0;

  const leave = (socket: WebSocket, owner: string, topics: readonly string[]) => {
    open -= 1;
    for (const topic of topics) {
      const set = byTopic.get(topic);
      if (!set) continue;
      set.delete(socket);
      if (set.size === 0) byTopic.delete(topic);
    }
    const own = byOwner.get(owner);
    if (own) {
      const rest = own.filter((other) => other !== socket);
      if (rest.length === 0) byOwner.delete(owner);
      else byOwner.set(owner, rest);
    }
  };

  return {
    join(socket, owner, topics, sessionId) {
      open += 1;
      if (sessionId !== undefined) sessionOf.set(socket, sessionId);
      for (const topic of topics) {
        let set = byTopic.get(topic);
        if (!set) byTopic.set(topic, (set = new Set()));
        set.add(socket);
      }
      const own = byOwner.get(owner) ?? [];
      own.push(socket);
      byOwner.set(owner, own);
      if (own.length > SOCKETS_PER_PLAYER_MAX) own[0]!.close(4008, 'too many sockets');
      socket.once('close', () => leave(socket, owner, topics));
    },
    deliver(topic, frame) {
      const set = byTopic.get(topic);
      if (!set) return 0;
      let written = 0;
      for (const socket of set) {
        if (socket.readyState !== 1) continue;
        if (socket.bufferedAmount > BUFFERED_MAX) {
          socket.terminate();
          continue;
        }
        socket.send(frame);
        written += 1;
      }
      return written;
    },
    closeOwner(owner, which, code, reason) {
      let closed = 0;
      for (const socket of byOwner.get(owner) ?? []) {
        const session = sessionOf.get(socket);
        if (which.sessionId !== undefined && session !== which.sessionId) continue;
        if (which.keepSessionId !== undefined && session === which.keepSessionId) continue;
        if (socket.readyState > 1) continue;
        socket.close(code, reason);
        closed += 1;
      }
      return closed;
    },
    topicsOf(prefix) {
      const topics: string[] = [];
      for (const topic of byTopic.keys()) if (topic.startsWith(prefix)) topics.push(topic);
      return topics;
    },
    size: () => open,
    close() {
      for (const set of byTopic.values()) for (const socket of set) socket.terminate();
      byTopic.clear();
      byOwner.clear();
    },
  };
}
