/** A path of SPEC §7 Organizations with its ids filled in (the teams feature's calls and a team's checkout). */
export function orgPath(path: string, ids: { orgId: string; userId?: string }): string {
  return path.replace(':orgId', encodeURIComponent(ids.orgId)).replace(':userId', encodeURIComponent(ids.userId ?? ''));
}
