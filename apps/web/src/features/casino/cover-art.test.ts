import { describe, expect, it } from 'vitest';
import { bannerSvg, coverDataUrl, coverKindOf, coverSeed, coverSvg } from './cover-art.ts';

describe('cover art', () => {
  it('names the game kind from the house game ids', () => {
    expect(coverKindOf('reef-riches')).toBe('slot-reef');
    expect(coverKindOf('neon-koi')).toBe('slot-koi');
    expect(coverKindOf('lucky-sevens')).toBe('slot-sevens');
    expect(['crash', 'mines', 'dice', 'plinko', 'roulette'].map(coverKindOf)).toEqual(['crash', 'mines', 'dice', 'plinko', 'roulette']);
    expect(['limbo', 'keno', 'baccarat', 'blackjack'].map(coverKindOf)).toEqual(['limbo', 'keno', 'baccarat', 'blackjack']);
    expect(['wheel', 'tower', 'bingo', 'fishing'].map(coverKindOf)).toEqual(['wheel', 'tower', 'bingo', 'fishing']);
    expect(['video-poker', 'hilo'].map(coverKindOf)).toEqual(['video-poker', 'hilo']);
    expect(coverKindOf('some-pp-game')).toBe('generic');
  });

  it('draws a well-formed 3:4 SVG that escapes the name', () => {
    const svg = coverSvg({ id: 'dice', name: 'Dice <&> "Go"' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 320"')).toBe(true);
    expect(svg).toContain('Dice &lt;&amp;&gt; &quot;Go&quot;');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('is the same for the same game and differs between games', () => {
    expect(coverSvg({ id: 'x1', name: 'A' })).toBe(coverSvg({ id: 'x1', name: 'A' }));
    expect(coverSeed('x1')).not.toBe(coverSeed('x2'));
    expect(coverDataUrl({ id: 'crash', name: 'Crash' })).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });

  it('shortens a long name so it fits the cover', () => {
    expect(coverSvg({ id: 'g', name: 'An Extremely Long Game Name Indeed' })).toContain('An Extremely Long…');
  });

  it('draws a wide banner with the name', () => {
    const svg = bannerSvg({ id: 'plinko', name: 'Plinko' }, 'Play now');
    expect(svg).toContain('viewBox="0 0 780 300"');
    expect(svg).toContain('Plinko');
    expect(svg).toContain('Play now');
  });
});
