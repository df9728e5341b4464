/** Pure pricing mathematics for the sports feed: fair probabilities from models, margins, lines. */
export * from './margin.ts';
export * from './integer-distribution.ts';
export * from './normal-distribution.ts';
export * from './line-outcomes.ts';
export * from './line-choice.ts';
export * from './soccer-goals.ts';
export * from './basketball-points.ts';
export * from './point-markov.ts';
export * from './tennis-points.ts';
export * from './volleyball-points.ts';
export * from './table-tennis-points.ts';
