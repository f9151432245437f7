// The bounds of a day as wall clocks, apart from the calendar (which loads date-fns): the
// workbench's first script builds its first query with them before anything else has loaded.

/** The first instant of a day as a wall clock ('2026-05-03' → '2026-05-03T00:00:00'). */
export function startOfDay(date: string): string {
  return `${date.slice(0, 10)}T00:00:00`;
}

/** The upper bound of a range end: a bare date means its whole day ('…T23:59:59'); a wall clock stays as it is. */
export function endOfDay(dateOrWall: string): string {
  return dateOrWall.length === 10 ? `${dateOrWall}T23:59:59` : dateOrWall;
}
