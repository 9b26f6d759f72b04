/**
How far V8 lets the heap grow past what survived its last full collection, for the commands that
load whole session logs. Loading one makes garbage at the speed of the disk (each line's text, its
parsed copy, the pieces written to the result vault) while what stays alive is small, and V8's own
factor, up to 4x, lets that garbage pile up before a full collection: a 298 MB Claude Code log peaked
at 212-227 MB loaded in-process, 162-167 MB at 2x, in the same time (five interleaved runs, medians
2,274 and 2,266 ms, 2026-12-04). Tighter factors cost time: 1.5x took 2,741 ms, 1.2x 3,170 ms.
*/
import v8 from 'node:v8';

/** The heap may grow to this many percent more than it held after the last full collection. */
export const heapGrowingPercent = 100;

/** Bound the heap's growth for this process; V8 reads the flag at each collection. */
export function boundHeapGrowth(): void {
	v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}
