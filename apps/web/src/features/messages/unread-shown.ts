/**
 * The unread count the message centre shows beside its list. The list answer carries its own `unread_count`, taken
 * in the same read as the red dots; the header's count query is polled apart (every 15 s) and may be older than the
 * list — a message published since its last poll showed with its dot beside "Unread: 0". So the newer of the two
 * answers wins, and a list at least as new as the count always shows its own figure.
 */
export function unreadShown(count: { value: number; updatedAt: number } | undefined, list: { value: number; updatedAt: number } | undefined): number {
  if (!list) return count?.value ?? 0;
  if (!count) return list.value;
  return count.updatedAt > list.updatedAt ? count.value : list.value;
}
