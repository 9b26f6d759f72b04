import {expect, test} from 'vitest';
import {
	agentList,
	switchNote,
	switchNotice,
	waitingNotice,
} from '../../../source/commands/watch/watch-text.js';
import type {SessionPick} from '../../../source/sessions/watch-workspace.js';

const home = '/home/ada';
const pick = (
	reason: SessionPick['reason'],
	filePath: string,
	format: SessionPick['entry']['format'],
): SessionPick => ({
	reason,
	entry: {format, filePath, mtimeMs: Date.UTC(2026, 11, 2, 10, 0, 0), size: 1},
});

test('agents are named as people know them, in one list', () => {
	expect(agentList(['lector', 'pi', 'claude-code', 'codex'])).toBe('lector, pi, Claude Code and Codex');
	expect(agentList(['claude-code'])).toBe('Claude Code');
});

test('the status note and the opening notice say why a session is shown, in UTC', () => {
	const since = Date.UTC(2026, 11, 2, 10, 2, 3);
	const claude = pick('started', '/home/ada/.claude/projects/-p/s.jsonl', 'claude-code');
	expect(switchNote(claude, since)).toBe('switched 10:02:03: a new session started');
	expect(switchNote(pick('newest', '/x', 'pi'), since)).toBe('the newest session');
	const notice = switchNotice(claude, pick('newest', '/home/ada/l.jsonl', 'lector'), '~/p', since, home);
	expect(notice.text).toBe(
		[
			'lector watch: a new Claude Code session started at 10:02:03 UTC; showing it.',
			'  ~/.claude/projects/-p/s.jsonl',
			'  before: lector, ~/l.jsonl',
		].join('\n'),
	);
	expect(switchNotice(pick('newest', '/x', 'pi'), undefined, '~/p', since, home).text).toContain(
		"the newest session in ~/p is pi's, written 2 min ago",
	);
});

test('folder names from the disk reach the screen without their escape sequences', () => {
	const notice = waitingNotice(
		'~/evil\u001B[2J',
		[{format: 'lector', folder: '/home/ada/state/\u001B]0;title\u0007x'}],
		home,
	);
	expect(notice.text).not.toContain('\u001B');
	expect(notice.text).not.toContain('\u0007');
	expect(notice.text).toContain('waiting for a session in ~/evil');
	expect(notice.text).toContain('Watching:\n  lector  ~/state/');
});
