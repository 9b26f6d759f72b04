// The cases recorded for lector's replay tests. Each case is a list of generic read calls { path, offset?, limit? }
// that the fake model issues one per turn, in one session. `path` is relative to the corpus folder unless absolute.
// `manifest` is <corpus>/manifest.json (line counts of generated files).
//
// Extra case fields:
//   subagent: { calls }   Claude Code only: the main model calls its Task/Agent tool once, and the subagent it
//                         starts issues `calls` (the fake tells the two conversations apart by a marker in the
//                         subagent's prompt).
//   compact: true         after the calls, the session is compacted (Claude Code: `/compact` on a resumed session;
//                         pi and Codex: a small context window / auto-compact limit in their config, so they
//                         compact by themselves).
//   only: [agent ids]     the agents the case applies to.
//   big: true             needs the 200 MB log (off unless --big).
export function buildCases(manifest) {
	const bigLines = manifest['big.log']?.lines ?? 2_000_000;
	return [
		{id: 'small_ts', what: 'whole file, final newline (18 lines)', calls: [{path: 'small.ts'}]},
		{
			id: 'no_final_newline',
			what: 'whole file without a final newline (12 lines)',
			calls: [{path: 'no-final-newline.ts'}],
		},
		{
			id: 'lines5000_full',
			what: "5,000-line file (124 KB), no offset/limit: over every agent's cap",
			calls: [{path: 'lines-5000.ts'}],
		},
		{id: 'lines5000_limit50', what: 'limit=50 from the start', calls: [{path: 'lines-5000.ts', limit: 50}]},
		{
			id: 'lines5000_offset100_limit50',
			what: 'offset=100 limit=50',
			calls: [{path: 'lines-5000.ts', offset: 100, limit: 50}],
		},
		{
			id: 'lines5000_offset4990',
			what: 'offset=4990, no limit: a range to the end',
			calls: [{path: 'lines-5000.ts', offset: 4990}],
		},
		{
			id: 'offset_beyond_eof',
			what: 'offset=6000 (file has 5,000 lines)',
			calls: [{path: 'lines-5000.ts', offset: 6000}],
		},
		{
			id: 'short_lines_60k',
			what: "60 KB of short lines (1,617 lines): over pi's 50 KB cap",
			calls: [{path: 'short-lines-60k.txt'}],
		},
		{
			id: 'minified_300k_line',
			what: 'one 300 KB line, no newline: over the size caps',
			calls: [{path: 'minified.min.js'}],
		},
		{
			id: 'chinese_long_line',
			what: 'a long single line (2,622 CJK chars) among 4',
			calls: [{path: 'chinese-long-line.md'}],
		},
		{id: 'crlf', what: 'CRLF line endings (5 lines)', calls: [{path: 'crlf.txt'}]},
		{id: 'empty_file', what: 'empty file (0 bytes)', calls: [{path: 'empty.txt'}]},
		{id: 'missing_near_miss', what: 'missing util.ts; utils.ts exists beside it', calls: [{path: 'util.ts'}]},
		{id: 'directory', what: 'a directory (src/)', calls: [{path: 'src'}]},
		{id: 'png_small', what: 'PNG 64x48', calls: [{path: 'image.png'}]},
		{id: 'skill_md', what: 'skills/demo-skill/SKILL.md', calls: [{path: 'skills/demo-skill/SKILL.md'}]},
		{id: 'agents_md', what: 'pkg/AGENTS.md', calls: [{path: 'pkg/AGENTS.md'}]},
		{
			id: 'read_twice',
			what: 'the same file whole, then limit=50, then whole again',
			calls: [
				{path: 'lines-5000.ts'},
				{path: 'lines-5000.ts', limit: 50},
				{path: 'small.ts'},
				{path: 'small.ts'},
			],
		},
		{
			id: 'subagent',
			what: 'a Task/Agent call whose subagent reads small.ts and lines 1-50 of lines-5000.ts',
			only: ['claude-code'],
			calls: [{path: 'small.ts'}],
			subagent: {calls: [{path: 'small.ts'}, {path: 'lines-5000.ts', limit: 50}]},
		},
		{
			id: 'compaction',
			what: 'reads, then the session is compacted',
			compact: true,
			calls: [{path: 'lines-5000.ts'}, {path: 'small.ts'}],
		},
		{
			id: 'biglog_offset_near_end',
			what: `200 MB log (${bigLines} lines), offset=${bigLines - 9} limit=10`,
			big: true,
			timeoutS: 120,
			calls: [{path: 'big.log', offset: bigLines - 9, limit: 10}],
		},
	];
}

// Cases for agents without a file-read tool (Codex CLI): each call is a shell command, run by the agent's
// shell tool with the corpus as cwd, one per model turn, in one session.
export function buildShellCases(_manifest) {
	const c = (id, command, what) => ({id, what: what ?? `\`${command}\``, calls: [{command}]});
	return [
		c('cat_small_ts', 'cat small.ts'),
		c('cat_no_final_newline', 'cat no-final-newline.ts'),
		c('cat_n_small_ts', 'cat -n small.ts'),
		c('nl_ba_small_ts', 'nl -ba small.ts'),
		c('nl_sed_small_3_8', "nl -ba small.ts | sed -n '3,8p'"),
		c('sed_lines5000_100_149', "sed -n '100,149p' lines-5000.ts"),
		c('sed_lines5000_4990_5000', "sed -n '4990,5000p' lines-5000.ts"),
		c('head_lines5000_20', 'head -n 20 lines-5000.ts'),
		c('tail_lines5000_5', 'tail -n 5 lines-5000.ts'),
		c(
			'cat_lines5000_full',
			'cat lines-5000.ts',
			'`cat lines-5000.ts`: over the output budget, cut in the middle',
		),
		c('cat_n_lines5000', 'cat -n lines-5000.ts', '`cat -n` of the 5,000-line file: cut in the middle'),
		c('nl_ba_lines5000', 'nl -ba lines-5000.ts', '`nl -ba` of the 5,000-line file: cut in the middle'),
		c('sed_lines5000_1_3000', "sed -n '1,3000p' lines-5000.ts", "`sed -n '1,3000p'`: cut in the middle"),
		c('head_lines5000_3000', 'head -n 3000 lines-5000.ts', '`head -n 3000`: cut in the middle'),
		c('tail_lines5000_3000', 'tail -n 3000 lines-5000.ts', '`tail -n 3000`: cut in the middle'),
		c('cat_empty', 'cat empty.txt'),
		c('cat_missing_near_miss', 'cat util.ts', '`cat util.ts` (missing): a failing command'),
		c('cat_skill_md', 'cat skills/demo-skill/SKILL.md'),
		c('cat_agents_md', 'cat pkg/AGENTS.md'),
		{
			id: 'compaction',
			what: 'reads, then Codex compacts by itself (small auto-compact limit)',
			compact: true,
			calls: [
				{command: 'cat small.ts'},
				{command: "sed -n '1,1000p' lines-5000.ts"},
				{command: "sed -n '1001,2000p' lines-5000.ts"},
				{command: 'head -n 10 lines-5000.ts'},
			],
		},
	];
}
