import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverSrcLater } from './cover-queue.ts';

/** An image stand-in that records its source as the DOM's would. */
function image(): HTMLImageElement {
  const element = { src: '', getAttribute: (name: string) => (name === 'src' && element.src !== '' ? element.src : null) };
  return element as unknown as HTMLImageElement;
}

describe('drawn covers get their sources one task at a time (decision 093)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sets nothing in the task that asks, then one source per task, in the order asked', () => {
    const images = [image(), image(), image()];
    images.forEach((element, index) => coverSrcLater(element, `data:cover-${index}`));
    expect(images.map((element) => element.src)).toEqual(['', '', '']);
    vi.advanceTimersToNextTimer();
    expect(images.map((element) => element.src)).toEqual(['data:cover-0', '', '']);
    vi.advanceTimersToNextTimer();
    expect(images.map((element) => element.src)).toEqual(['data:cover-0', 'data:cover-1', '']);
    vi.runAllTimers();
    expect(images.map((element) => element.src)).toEqual(['data:cover-0', 'data:cover-1', 'data:cover-2']);
  });

  it('skips a cancelled image (a card scrolled away or unmounted) and starts again for images asked later', () => {
    const [kept, cancelled, later] = [image(), image(), image()];
    coverSrcLater(kept, 'data:kept');
    const cancel = coverSrcLater(cancelled, 'data:cancelled');
    cancel();
    vi.runAllTimers();
    expect([kept.src, cancelled.src]).toEqual(['data:kept', '']);
    coverSrcLater(later, 'data:later');
    vi.runAllTimers();
    expect(later.src).toBe('data:later');
  });
});
