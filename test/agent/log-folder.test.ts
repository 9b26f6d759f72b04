import {symlinkSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {logFolderRefusal} from '../../source/agent/log-folder.js';
import {openShellSession} from '../../source/agent/open.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {makeWorkspace} from './harness.js';

// Node's recursive mkdir never returns under /proc: without the check these tests would hang, not fail.
const onLinux = process.platform === 'linux';

describe.runIf(onLinux)('the session log folder', () => {
	const temp = makeTempDir('lector-log-folder-');

	it('refuses folders under /proc and /sys by their path', () => {
		expect(logFolderRefusal('/proc/nope/lector/sessions')).toBe(
			'/proc/nope/lector/sessions is under /proc, a kernel file system where no folder can be made; set XDG_STATE_HOME to an ordinary folder',
		);
		expect(logFolderRefusal('/sys/nope')).toMatch(/^\/sys\/nope is under \/sys,/);
	});

	it('refuses a folder whose nearest existing ancestor is on procfs, whatever its path', () => {
		const link = path.join(temp, 'state');
		symlinkSync('/proc', link);
		expect(logFolderRefusal(path.join(link, 'nope', 'lector'))).toBe(
			`${link} is on procfs, a kernel file system where no folder can be made; set XDG_STATE_HOME to an ordinary folder`,
		);
	});

	it('lets an ordinary folder, existing or not, be tried', () => {
		expect(logFolderRefusal(path.join(temp, 'a', 'b'))).toBeUndefined();
		expect(logFolderRefusal(temp)).toBeUndefined();
	});

	it('opens the shell at once with the "could not be written" notice when XDG_STATE_HOME is in /proc', async () => {
		const opened = await openShellSession({
			cwd: makeWorkspace(),
			flags: {},
			env: {XDG_STATE_HOME: '/proc/nope', XDG_CONFIG_HOME: temp},
		});
		expect(opened.logPath).toBeUndefined();
		expect(opened.banner.text).toMatch(
			/The session log could not be written \(\/proc\/nope\/lector\/sessions\/.* is under \/proc, .*\); this session is not saved\./,
		);
		opened.session.close();
	});
});
