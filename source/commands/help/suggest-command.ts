/**
"Did you mean" for a mistyped command: the nearest name in the help table, when one is near enough
to be what was meant.
*/

/**
Edits (insertions, deletions, substitutions, swaps of two neighbours) between `a` and `b`, by code
point: the optimal string alignment distance. Command names are short, so the matrix is tiny.
*/
export function editDistance(a: string, b: string): number {
	const left = Array.from(a);
	const right = Array.from(b);
	const rows = Array.from({length: left.length + 1}, (_row, index) =>
		Array.from({length: right.length + 1}, (_cell, column) =>
			index === 0 ? column : column === 0 ? index : 0,
		),
	);
	const at = (row: number, column: number) => rows[row]?.[column] ?? Number.POSITIVE_INFINITY;
	for (let row = 1; row <= left.length; row++) {
		for (let column = 1; column <= right.length; column++) {
			const cost = left[row - 1] === right[column - 1] ? 0 : 1;
			let best = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, at(row - 1, column - 1) + cost);
			if (
				row > 1 &&
				column > 1 &&
				left[row - 1] === right[column - 2] &&
				left[row - 2] === right[column - 1]
			) {
				best = Math.min(best, at(row - 2, column - 2) + 1);
			}

			const cells = rows[row];
			if (cells !== undefined) {
				cells[column] = best;
			}
		}
	}

	return at(left.length, right.length);
}

/**
The name in `candidates` that `typed` most likely meant, or undefined: one that starts with it (`rep`), or one within
an edit per three characters (`raed`, `repaly`). Letter case is ignored; an exact name is not a miss.
*/
export function nearestName(typed: string, candidates: readonly string[]): string | undefined {
	const wanted = typed.toLowerCase();
	const names = candidates.filter((name) => name !== '' && name !== typed);
	const prefixed = wanted.length >= 2 ? names.filter((name) => name.startsWith(wanted)) : [];
	if (prefixed.length === 1) {
		return prefixed[0];
	}

	const allowed = Math.max(1, Math.floor(wanted.length / 3));
	let nearest: {name: string; distance: number} | undefined;
	for (const name of names) {
		const distance = editDistance(wanted, name);
		if (distance <= allowed && (nearest === undefined || distance < nearest.distance)) {
			nearest = {name, distance};
		}
	}

	return nearest?.name;
}
