import { describe, expect, it } from 'vitest';
import { taskTurn } from './task-turn.ts';

describe('taskTurn', () => {
  it('resolves after the task that asked has ended, never within it', async () => {
    const order: string[] = [];
    const turn = taskTurn().then(() => order.push('turn'));
    // Microtasks of the asking task all run before the turn.
    await Promise.resolve();
    queueMicrotask(() => order.push('microtask'));
    await turn;
    expect(order).toEqual(['microtask', 'turn']);
  });

  it('gives each waiter a task of its own, in the order they asked', async () => {
    const order: string[] = [];
    const turns = ['a', 'b', 'c'].map((name) =>
      taskTurn().then(() => {
        order.push(name);
        // Work queued by one waiter's continuation runs before the next waiter's turn: they are separate tasks.
        queueMicrotask(() => order.push(`${name}+`));
      }),
    );
    await Promise.all(turns);
    await Promise.resolve();
    expect(order).toEqual(['a', 'a+', 'b', 'b+', 'c', 'c+']);
  });
});
