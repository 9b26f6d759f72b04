/**
The built binary in a real pseudo-terminal (util-linux `script`), as kitty or iTerm2 would run it:
the bytes it writes must carry the picture at the cell under the image panel's header, and nothing
when pictures are turned off. Skips, saying why, without `script` or the build.
*/
import {execFileSync, spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {expect, test} from 'vitest';
import {root} from '../helpers/transcripts.js';

const cli = path.join(root, 'dist', 'cli.js');

function hasScript(): boolean {
	try {
		execFileSync('script', ['--version'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
}

const skipReason = hasScript()
	? existsSync(cli)
		? undefined
		: 'dist/cli.js is missing: run npm run build'
	: 'script (util-linux) is not installed';
const suffix = skipReason === undefined ? '' : ` (skipped: ${skipReason})`;

/**
Runs `lector read fixtures/images/tiny.png` in a 100x24 pty with `env`; once `ready` holds for its
output (or after 10 s) presses q, and resolves with everything it wrote.
*/
async function runInPty(env: Record<string, string>, ready: (output: string) => boolean): Promise<string> {
	const base = Object.fromEntries(
		Object.entries(process.env).filter(
			([name]) => !['TMUX', 'STY', 'TERM_PROGRAM', 'KITTY_WINDOW_ID', 'LC_TERMINAL'].includes(name),
		),
	);
	const child = spawn(
		'script',
		[
			'-qfec',
			`stty rows 24 cols 100; node ${JSON.stringify(cli)} read fixtures/images/tiny.png`,
			'/dev/null',
		],
		{cwd: root, env: {...base, XDG_CONFIG_HOME: '/nonexistent', ...env}},
	);
	let output = '';
	let pressed = false;
	const press = () => {
		if (!pressed) {
			pressed = true;
			child.stdin.write('q');
		}
	};

	const timer = setTimeout(press, 10_000);
	child.stdout.on('data', (chunk: Buffer) => {
		output += chunk.toString('latin1');
		if (ready(output)) {
			// Let the frame settle before quitting, as a person would.
			setTimeout(press, 200);
		}
	});
	await new Promise((resolve) => {
		child.on('close', resolve);
	});
	clearTimeout(timer);
	return output;
}

test.skipIf(skipReason !== undefined)(
	`iTerm2: the picture is drawn under the panel header, inside the cursor save and restore${suffix}`,
	async () => {
		const output = await runInPty({TERM_PROGRAM: 'iTerm.app'}, (text) => text.includes('1337;File'));
		const match =
			/\u001B7\u001B\[(\d+);(\d+)H\u001B\]1337;File=inline=1;size=(\d+);width=(\d+);height=(\d+);preserveAspectRatio=1:([A-Za-z\d+/=]+)\u0007\u001B8/.exec(
				output,
			);
		expect(match).not.toBeNull();
		const [, row, column, size, width, height, data] = match ?? [];
		// Row 1 is the panel header; the picture starts on row 2, after the 2-column focus marker.
		expect([row, column, width, height]).toEqual(['2', '3', '24', '8']);
		const png = Buffer.from(data ?? '', 'base64');
		expect(png.length).toBe(Number(size));
		const meta = await sharp(png).metadata();
		expect([meta.format, meta.width, meta.height]).toEqual(['png', 48, 32]);
		expect(output).not.toContain('[picture 48x32');
	},
	30_000,
);

test.skipIf(skipReason !== undefined)(
	`kitty: the picture is sent once with an id and placed by it${suffix}`,
	async () => {
		const output = await runInPty({TERM: 'xterm-kitty'}, (text) => text.includes('a=p,i=1'));
		expect(output).toMatch(/\u001B\[2;3H\u001B_Ga=t,f=100,i=1,q=2,m=0;[A-Za-z\d+/=]+\u001B\\/);
		expect(output).toContain('\u001B_Ga=p,i=1,c=24,r=8,C=1,q=2\u001B\\');
		// Freed when the view exits, and nothing drawn after leaving: a clear-all there would wipe the
		// person's own pictures on the main screen.
		expect(output).toContain('\u001B_Ga=d,d=I,i=1,q=2\u001B\\');
		expect(output.slice(output.lastIndexOf('\u001B[?1049l'))).not.toContain('\u001B_G');
	},
	30_000,
);

test.skipIf(skipReason !== undefined)(
	`LECTOR_NO_IMAGES=1: no picture sequences, the placeholder row instead${suffix}`,
	async () => {
		const output = await runInPty({TERM_PROGRAM: 'iTerm.app', LECTOR_NO_IMAGES: '1'}, (text) =>
			text.includes('[picture 48x32'),
		);
		expect(output).toContain('[picture 48x32: drawn inline in kitty, iTerm2, WezTerm and Ghostty]');
		expect(output).not.toContain('1337;File');
		expect(output).not.toContain('\u001B_G');
	},
	30_000,
);
