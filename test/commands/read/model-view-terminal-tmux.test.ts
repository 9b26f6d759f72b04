/**
`lector read FILE --model-view` prints the model's text exactly, except on a terminal, where a file's
escape sequences would act on the screen: there they show as placeholders (run-cli.ts's
terminalSafe, which tells a terminal from a pipe without building process.stdout). Needs `npm run build`.
*/
import {spawnSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';

const file = path.join(makeTempDir('lector-model-view-'), 'title.txt');
// An OSC title change and a screen clear inside ordinary text.
writeFileSync(file, 'before \u001B]0;pwned\u0007 middle \u001B[2J after\n');

tmuxTest(
	'on a terminal the escape sequences show as placeholders; through a pipe they are kept',
	async () => {
		const session = startTmux(`node ${JSON.stringify(cli)} read ${JSON.stringify(file)} --model-view`);
		const screen = await session.screenWhere((text) => text.includes('exit=0'));
		expect(screen).toContain('before ␛]0;pwned␇ middle ␛[2J after');

		const piped = spawnSync(process.execPath, [cli, 'read', file, '--model-view'], {encoding: 'utf8'});
		expect(piped.status).toBe(0);
		expect(piped.stdout).toContain('before \u001B]0;pwned\u0007 middle \u001B[2J after');
	},
);
