#!/usr/bin/env node
/*
The bin's first module, kept tiny: a lone `--version` or `--help` (or -v, -h) is answered here,
before meow and the commands load (about 45 ms of a start, issue 14), and `lector mcp` starts its
server without them (it parses its own flags: a server started by other programs, whose flags are not
the viewer's); anything else goes to commands/run-cli.ts. The texts are what meow prints for the same
calls (test/commands/help/first-module.test.ts).
*/
import {writeStdout} from './commands/write-stdout.js';
import {packageFacts} from './package-facts.js';

const [only, ...more] = process.argv.slice(2);
if (only === 'mcp') {
	const [{settleExitCode}, {runMcpCommand}] = await Promise.all([
		import('./commands/exit-code.js'),
		import('./commands/mcp/mcp-command.js'),
	]);
	await settleExitCode(runMcpCommand(more));
} else if (more.length === 0 && (only === '--version' || only === '-v')) {
	writeStdout(`${packageFacts.version}\n`);
} else if (more.length === 0 && (only === '--help' || only === '-h')) {
	const {overviewPage} = await import('./commands/help/overview-page.js');
	writeStdout(overviewPage());
} else {
	const {runCli} = await import('./commands/run-cli.js');
	await runCli();
}
