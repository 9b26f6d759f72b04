/**
find and grep honour `.gitignore` as ripgrep does (nested files, negations, the repository above the
workspace), skip `.git`, and include ignored files with `include_ignored`, never those `.lectorignore`
denies. Real files in a temporary repository.
*/
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {find} from '../../source/tools/find.js';
import {grep} from '../../source/tools/grep.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const text = (outcome: {content: readonly {type: string; text?: string}[]}) => outcome.content[0]?.text ?? '';

function write(root: string, files: Readonly<Record<string, string>>): void {
	for (const [name, content] of Object.entries(files)) {
		const file = path.join(root, name);
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(file, content);
	}
}

function makeRepository(): string {
	const cwd = makeTempDir('lector-gitignore-');
	write(cwd, {
		'.git/config': 'needle in git\n',
		'.gitignore': 'dist/\n*.log\n!keep.log\n',
		'.lectorignore': 'private/\n',
		'app.log': 'needle\n',
		'keep.log': 'needle\n',
		'dist/out.js': 'needle\n',
		'node_modules/pkg/index.js': 'needle\n',
		'other/generated.ts': 'needle\n',
		'private/x.ts': 'needle\n',
		'src/.gitignore': 'generated.ts\n!special.log\n',
		'src/main.ts': 'needle\n',
		'src/generated.ts': 'needle\n',
		'src/sub/generated.ts': 'needle\n',
		'src/special.log': 'needle\n',
		'src/debug.log': 'needle\n',
	});
	return cwd;
}

const paths = (outcome: {details: {matches: readonly {path: string}[]}}) =>
	outcome.details.matches.map((match) => match.path);

describe('.gitignore in find and grep', () => {
	const cwd = makeRepository();

	it('grep skips what root and nested .gitignore files ignore, and .git', async () => {
		const outcome = await grep({pattern: 'needle'}, {cwd});
		expect(paths(outcome)).toEqual(['keep.log', 'other/generated.ts', 'src/main.ts', 'src/special.log']);
		// app.log, dist/, node_modules/, src/debug.log, src/generated.ts, src/sub/generated.ts
		expect(outcome.details.gitignored).toBe(6);
		expect(outcome.details.leftOut).toEqual({ignored: 1, outside: 0});
	});

	it('include_ignored searches gitignored files, never .git nor what .lectorignore denies', async () => {
		const outcome = await grep({pattern: 'needle', include_ignored: true}, {cwd});
		expect(paths(outcome)).toEqual([
			'app.log',
			'dist/out.js',
			'keep.log',
			'node_modules/pkg/index.js',
			'other/generated.ts',
			'src/debug.log',
			'src/generated.ts',
			'src/main.ts',
			'src/special.log',
			'src/sub/generated.ts',
		]);
		expect(outcome.details).toMatchObject({includeIgnored: true, gitignored: 0});
		expect(text(outcome)).not.toMatch(/needle in git|private/);
		expect(text(outcome)).toContain("1 denied by the workspace's .lectorignore");
	});

	it('find honours the same rules, and include_ignored', async () => {
		const files = await find({pattern: '**/*.{ts,js,log}'}, {cwd});
		expect(files.details.matches).toEqual([
			'keep.log',
			'other/generated.ts',
			'src/main.ts',
			'src/special.log',
		]);
		const all = await find({pattern: '**/*.{ts,js,log}', include_ignored: true}, {cwd});
		expect(all.details.matches).toContain('dist/out.js');
		expect(all.details.matches).toContain('src/sub/generated.ts');
		expect(
			all.details.matches.some((match) => match.startsWith('.git/') || match.startsWith('private')),
		).toBe(false);
	});

	it('a subfolder is searched under the rules above it; a folder or file named on purpose is searched', async () => {
		expect(paths(await grep({pattern: 'needle', path: 'src'}, {cwd}))).toEqual([
			'src/main.ts',
			'src/special.log',
		]);
		expect(paths(await grep({pattern: 'needle', path: 'dist'}, {cwd}))).toEqual(['dist/out.js']);
		expect(paths(await grep({pattern: 'needle', path: 'app.log'}, {cwd}))).toEqual(['app.log']);
	});

	it('says how to include ignored files when nothing was found', async () => {
		const outcome = await grep({pattern: 'needle', glob: 'dist/**'}, {cwd});
		expect(text(outcome)).toContain(
			'[6 entries ignored by .gitignore (or node_modules) were not searched; pass include_ignored=true to search them too.]',
		);
		expect(text(await find({pattern: 'dist/*.js'}, {cwd}))).toMatch(/pass include_ignored=true/);
		expect((await grep({pattern: 'x', include_ignored: 'yes'}, {cwd})).isError).toBe(true);
	});

	it('a workspace inside a repository takes the repository root .gitignore', async () => {
		const repository = makeTempDir('lector-gitignore-repo-');
		write(repository, {
			'.git/HEAD': 'ref: refs/heads/main\n',
			'.gitignore': 'build/\n',
			'pkg/build/x.js': 'needle\n',
			'pkg/index.js': 'needle\n',
		});
		const outcome = await grep({pattern: 'needle'}, {cwd: path.join(repository, 'pkg')});
		expect(paths(outcome)).toEqual(['index.js']);
	});
});
