/**
ls, find and grep under confine, on real files and real symbolic links: a workspace whose links point to
a file and a folder outside it (and to /etc/passwd), beside a link that stays inside and one to an
ignored file. Each check is also run unconfined, where the links are followed, so it can fail.
*/
import {existsSync, linkSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {read} from '../../source/read/index.js';
import {find} from '../../source/tools/find.js';
import {grep} from '../../source/tools/grep.js';
import {ls} from '../../source/tools/ls.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const text = (outcome: {content: readonly {type: string; text?: string}[]}) =>
	outcome.content.map((block) => block.text ?? '').join('\n');

const secret = 'TOP SECRET outside';
const hasPasswd = existsSync('/etc/passwd');

function makeConfinedWorkspace(): {cwd: string; outside: string} {
	const root = makeTempDir('lector-confine-');
	const cwd = path.join(root, 'workspace');
	const outside = path.join(root, 'outside');
	mkdirSync(path.join(cwd, 'src'), {recursive: true});
	mkdirSync(path.join(outside, 'deep'), {recursive: true});
	writeFileSync(path.join(outside, 'secret.txt'), `${secret}\n`);
	writeFileSync(path.join(outside, 'deep', 'more.txt'), `${secret} too\n`);
	writeFileSync(path.join(cwd, 'src', 'a.ts'), 'export const root = "inside";\n');
	writeFileSync(path.join(cwd, '.env'), 'TOKEN=ignored-secret\n');
	writeFileSync(path.join(cwd, '.lectorignore'), '.env\n');
	symlinkSync(path.join(outside, 'secret.txt'), path.join(cwd, 'leak.txt'));
	symlinkSync('../outside', path.join(cwd, 'leak-dir'));
	symlinkSync(path.join(outside, 'missing.txt'), path.join(cwd, 'dangling.txt'));
	symlinkSync('src/a.ts', path.join(cwd, 'inner.ts'));
	symlinkSync('.env', path.join(cwd, 'env-link'));
	if (hasPasswd) {
		symlinkSync('/etc/passwd', path.join(cwd, 'passwd'));
	}

	return {cwd, outside};
}

/** The links that point outside: leak.txt, leak-dir, dangling.txt, and passwd where /etc/passwd exists. */
const outsideLinks = hasPasswd ? 4 : 3;

describe('confine: ls, find and grep stay inside the workspace', () => {
	const {cwd, outside} = makeConfinedWorkspace();
	const confined = {cwd, confine: true};

	it('grep does not follow a link to /etc/passwd or to a file outside (it does unconfined)', async () => {
		const open = await grep({pattern: 'root|SECRET'}, {cwd});
		expect(text(open)).toContain(secret);
		if (hasPasswd) {
			expect(text(open)).toMatch(/^passwd:\d+: root:/m);
		}

		const outcome = await grep({pattern: 'root|SECRET'}, confined);
		expect(outcome.isError).toBe(false);
		expect(text(outcome)).not.toContain(secret);
		expect(text(outcome)).not.toMatch(/passwd|root:x|leak|dangling/);
		expect(outcome.details.matches.map((match) => match.path)).toEqual(['inner.ts', 'src/a.ts']);
		expect(outcome.details.leftOut).toEqual({ignored: 2, outside: outsideLinks});
		expect(text(outcome)).toContain(
			`[Entries left out: 2 denied by the workspace's .lectorignore; ${outsideLinks} symbolic links pointing outside the workspace. Do not try to reach them another way.]`,
		);
	});

	it.each([
		['../outside'],
		[outside],
		['leak-dir'],
		['leak.txt'],
		['leak-dir/secret.txt'],
		['/proc/self/root/etc'],
		...(hasPasswd ? [['passwd'], ['/etc/passwd']] : []),
	])('grep refuses the target %s, saying why and what is allowed', async (target) => {
		const outcome = await grep({pattern: 'SECRET|root', path: target}, confined);
		expect(outcome.isError).toBe(true);
		expect(text(outcome)).toMatch(/^Access denied: .* is outside the workspace /);
		expect(text(outcome)).toContain('only paths inside it can be read, listed or searched');
		expect(text(outcome)).not.toContain(secret);
	});

	it('ls leaves out links pointing outside and counts them, never naming them', async () => {
		const open = await ls({}, {cwd});
		expect(open.details.entries).toContain('leak-dir/');
		const outcome = await ls({}, confined);
		expect(outcome.details.entries).toEqual(['.lectorignore', 'inner.ts', 'src/']);
		expect(outcome.details.leftOut).toEqual({ignored: 2, outside: outsideLinks});
		expect(text(outcome)).not.toMatch(/leak|dangling|passwd|\.env|env-link/);
		expect(text(outcome)).toMatch(/symbolic links pointing outside the workspace/);
	});

	it.each([['..'], ['leak-dir'], [outside], ['/proc/self/cwd'], ['/']])(
		'ls refuses the folder %s',
		async (target) => {
			const outcome = await ls({path: target}, confined);
			expect(outcome.isError).toBe(true);
			expect(text(outcome)).toMatch(/outside the workspace/);
			expect(outcome.details.entries).toEqual([]);
		},
	);

	it('find leaves out links pointing outside and refuses folders outside', async () => {
		const open = await find({pattern: '**'}, {cwd});
		expect(open.details.matches).toContain('leak.txt');
		const outcome = await find({pattern: '**'}, confined);
		expect(outcome.details.matches).toEqual(['.lectorignore', 'inner.ts', 'src/', 'src/a.ts']);
		expect(outcome.details.leftOut).toEqual({ignored: 2, outside: outsideLinks});
		for (const target of ['../outside', 'leak-dir', outside]) {
			const refused = await find({pattern: '*.txt', path: target}, confined);
			expect(refused.isError).toBe(true);
			expect(text(refused)).toMatch(/outside the workspace/);
		}
	});

	it('a link inside to an ignored file is left out as ignored, confined or not', async () => {
		for (const context of [{cwd}, confined]) {
			const outcome = await grep({pattern: 'TOKEN'}, context);
			expect(text(outcome)).not.toContain('ignored-secret');
			expect(outcome.details.leftOut.ignored).toBe(2);
		}
	});

	it('reading a folder names neither ignored entries nor links pointing outside, and says so', async () => {
		const outcome = await read({path: '.'}, {cwd, confine: true});
		expect(outcome.isError).toBe(true);
		const message = text(outcome);
		expect(message).toMatch(/is a directory/);
		expect(message).toContain('inner.ts');
		expect(message).not.toMatch(/leak|dangling|passwd|\.env|env-link/);
		expect(message).toContain(
			`[Entries left out: 2 denied by the workspace's .lectorignore; ${outsideLinks} symbolic links pointing outside the workspace.`,
		);
		expect(text(await read({path: 'leak.txt'}, {cwd, confine: true}))).toMatch(/outside the workspace/);
		// A near miss never names a link pointing outside (unconfined, it does: it can be read then).
		expect(text(await read({path: 'leak.tx'}, {cwd}))).toContain('Did you mean leak.txt?');
		const miss = text(await read({path: 'leak.tx'}, {cwd, confine: true}));
		expect(miss).toMatch(/^File does not exist: leak.tx\./);
		expect(miss).not.toContain('leak.txt');
	});

	it('grep over many hard links reads those whose names are all inside, not one with a name outside', async () => {
		const root = makeTempDir('lector-confine-links-');
		const workspace = path.join(root, 'workspace');
		mkdirSync(path.join(workspace, 'a'), {recursive: true});
		mkdirSync(path.join(workspace, 'b'));
		for (let index = 1; index <= 5; index++) {
			writeFileSync(path.join(workspace, 'a', `f${index}.txt`), `shared ${index}\n`);
			linkSync(path.join(workspace, 'a', `f${index}.txt`), path.join(workspace, 'b', `h${index}.txt`));
		}

		writeFileSync(path.join(root, 'outside.txt'), `shared ${secret}\n`);
		linkSync(path.join(root, 'outside.txt'), path.join(workspace, 'b', 'z-out.txt'));
		const open = await grep({pattern: 'shared'}, {cwd: workspace});
		expect(text(open)).toContain(secret);
		const outcome = await grep({pattern: 'shared'}, {cwd: workspace, confine: true});
		expect(outcome.details.matches).toHaveLength(10);
		expect(text(outcome)).not.toContain(secret);
	});
});
