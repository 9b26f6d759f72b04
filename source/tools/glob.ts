import picomatch from 'picomatch';

/** A compiled glob: tests a path relative to the search root, `/`-separated. */
export type GlobMatcher = (relative: string) => boolean;

/**
Compiles a glob (picomatch syntax: `*`, `**`, `?`, `[...]`, `{a,b}`), matching dotfiles too. A pattern
without `/` also matches an entry's name at any depth, as `find -name` does, because models write `*.ts`
meaning every TypeScript file. A leading `./` is dropped. Returns an Error for a pattern picomatch rejects.
*/
export function compileGlob(pattern: string, options: {caseInsensitive?: boolean} = {}): GlobMatcher | Error {
	const cleaned = pattern.startsWith('./') ? pattern.slice(2) : pattern;
	try {
		const matchPath = picomatch(cleaned, {dot: true, nocase: options.caseInsensitive ?? false});
		if (cleaned.includes('/')) {
			return (relative) => matchPath(relative);
		}

		return (relative) => matchPath(relative) || matchPath(relative.slice(relative.lastIndexOf('/') + 1));
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return new Error(`The glob ${JSON.stringify(pattern)} is not valid: ${reason}`);
	}
}
