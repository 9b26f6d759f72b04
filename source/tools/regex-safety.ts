/**
JavaScript regular expressions backtrack, and a nested repetition such as `(a+)+` or `(\w+\s?)*` can take
exponential time on one long line. What keeps such a pattern from freezing lector is the matcher thread
and its time budget (grep-matcher.ts), which stops any pattern that runs too long; this check sees only
some of them. It stays as a fast early refusal of the commonest shape: the model gets at once a message
that names the group and how to rewrite it, instead of a timeout a second later on the first long line
(or a search that is merely slow on every file).
*/

/**
A group whose body repeats something and which is itself repeated: `(x+)+`, `(?:x*)*`, `(x+y?){2,}`.
Escapes and character classes are skipped, so `\(a+\)+` and `[(a+)]+` are not mistaken for groups.
*/
export function nestedRepetition(pattern: string): string | undefined {
	// Start index of each open group, and whether its body repeats something.
	const open: Array<{start: number; repeats: boolean}> = [];
	let inClass = false;
	for (let index = 0; index < pattern.length; index++) {
		const char = pattern[index];
		if (char === '\\') {
			index++;
			continue;
		}

		if (inClass) {
			inClass = char !== ']';
			continue;
		}

		if (char === '[') {
			inClass = true;
		} else if (char === '(') {
			open.push({start: index, repeats: false});
		} else if (char === ')') {
			const group = open.pop();
			const next = pattern[index + 1];
			const repeated =
				next === '+' || next === '*' || (next === '{' && /^\{\d*,/.test(pattern.slice(index + 1)));
			if (group?.repeats && repeated) {
				const close = next === '{' ? pattern.indexOf('}', index) : index + 1;
				return pattern.slice(group.start, (close === -1 ? index + 1 : close) + 1);
			}

			// A repeated group makes its enclosing group's body repeat too.
			const parent = open.at(-1);
			if (parent && (group?.repeats || repeated)) {
				parent.repeats = true;
			}
		} else if ((char === '+' || char === '*' || char === '{') && open.length > 0) {
			const group = open.at(-1);
			if (group && (char !== '{' || /^\{\d*,/.test(pattern.slice(index)))) {
				group.repeats = true;
			}
		}
	}

	return undefined;
}
