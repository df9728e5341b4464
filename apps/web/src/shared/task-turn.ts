/**
 * A turn in a task of its own (decision 094): the promise resolves from a message of a channel, so what awaits it runs
 * in a later task, one waiter per task, in the order they asked. A message, not a timer: timers are clamped after a few
 * nested ones and throttled to once a second or slower in a hidden tab, and a call started there must not wait that.
 */
const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;

function channelOpen(): MessageChannel {
  const opened = new MessageChannel();
  opened.port1.onmessage = () => waiting.shift()?.();
  // Node's ports (unit tests) keep the process alive while they listen; a browser's have no unref.
  (opened.port1 as { unref?: () => void }).unref?.();
  return opened;
}

export function taskTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    (channel ??= channelOpen()).port2.postMessage(null);
  });
}
