/**
`lector --help` exactly as meow prints it (test/commands/help/first-module.test.ts compares the two),
for the bin's first module, which answers a lone --help without loading meow (issue 14).
*/
import {packageFacts} from '../../package-facts.js';
import {overviewHelp} from './command-help.js';
import {commandTable} from './commands.js';

/** Two spaces before each line with text, as meow's redent sets the help and the description. */
function indentedForMeow(text: string): string {
	return text.replaceAll(/^(?!\s*$)/gm, '  ');
}

/** The help page, newlines included: the description, a blank line, the overview, a blank line. */
export function overviewPage(): string {
	const overview = overviewHelp(commandTable).replaceAll(/^\n+|\n+$/g, '');
	return `\n${indentedForMeow(packageFacts.description)}\n\n${indentedForMeow(overview)}\n\n`;
}
