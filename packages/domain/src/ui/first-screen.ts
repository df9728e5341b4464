/**
 * First-screen loading (spec §4): two flags — data and resources — give 0 none done,
 * 1 data done, 2 resources done, 3 both.
 */
export type FirstScreenLoading = 0 | 1 | 2 | 3;

export function firstScreenLoading(dataDone: boolean, resourcesDone: boolean): FirstScreenLoading {
  return ((dataDone ? 1 : 0) | (resourcesDone ? 2 : 0)) as FirstScreenLoading;
}
