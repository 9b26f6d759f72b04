/** The built-in dark and light themes. */
import type {Role, Style, Theme} from './roles.js';

const dark: Record<Role, Style> = {
	text: {},
	dim: {dim: true},
	gutter: {color: '#6e7681'},
	toolName: {color: '#58a6ff', color16: 'brightBlue', bold: true},
	path: {color: '#e6edf3', bold: true},
	range: {color: '#d2a8ff', color16: 'brightMagenta'},
	count: {color: '#8b949e'},
	hint: {color: '#8b949e', italic: true},
	warning: {color: '#d29922', color16: 'yellow'},
	error: {color: '#f85149', color16: 'brightRed'},
	skill: {color: '#3fb950', color16: 'green', bold: true},
	resource: {color: '#a5d6ff', color16: 'brightCyan'},
	focus: {color: '#58a6ff', color16: 'brightBlue', bold: true},
	spinner: {color: '#d29922', color16: 'yellow'},
	user: {color: '#7ee787', color16: 'brightGreen', bold: true},
	assistant: {},
	notice: {color: '#8b949e', italic: true},
	status: {inverse: true},
	keyword: {color: '#ff7b72', color16: 'brightRed'},
	string: {color: '#a5d6ff', color16: 'brightCyan'},
	comment: {color: '#8b949e', color16: 'brightBlack', italic: true},
	number: {color: '#79c0ff', color16: 'brightBlue'},
	title: {color: '#d2a8ff', color16: 'brightMagenta'},
	type: {color: '#ffa657', color16: 'brightYellow'},
	literal: {color: '#79c0ff', color16: 'brightBlue'},
	builtIn: {color: '#ffa657', color16: 'brightYellow'},
	attribute: {color: '#79c0ff', color16: 'brightBlue'},
	meta: {color: '#7ee787', color16: 'brightGreen'},
	regexp: {color: '#a5d6ff', color16: 'brightCyan'},
	symbol: {color: '#ffa657', color16: 'brightYellow'},
	variable: {color: '#ffa657', color16: 'brightYellow'},
	addition: {color: '#3fb950', color16: 'green'},
	deletion: {color: '#f85149', color16: 'red'},
	section: {color: '#1f6feb', color16: 'blue', bold: true},
};

const light: Record<Role, Style> = {
	...dark,
	gutter: {color: '#8c959f'},
	toolName: {color: '#0969da', color16: 'blue', bold: true},
	path: {color: '#1f2328', bold: true},
	range: {color: '#8250df', color16: 'magenta'},
	count: {color: '#57606a'},
	hint: {color: '#57606a', italic: true},
	warning: {color: '#9a6700', color16: 'yellow'},
	error: {color: '#cf222e', color16: 'red'},
	skill: {color: '#1a7f37', color16: 'green', bold: true},
	resource: {color: '#0550ae', color16: 'blue'},
	focus: {color: '#0969da', color16: 'blue', bold: true},
	spinner: {color: '#9a6700', color16: 'yellow'},
	user: {color: '#116329', color16: 'green', bold: true},
	notice: {color: '#57606a', italic: true},
	keyword: {color: '#cf222e', color16: 'red'},
	string: {color: '#0a3069', color16: 'blue'},
	comment: {color: '#6e7781', italic: true},
	number: {color: '#0550ae', color16: 'cyan'},
	title: {color: '#8250df', color16: 'magenta'},
	type: {color: '#953800', color16: 'yellow'},
	literal: {color: '#0550ae', color16: 'cyan'},
	builtIn: {color: '#953800', color16: 'yellow'},
	attribute: {color: '#0550ae', color16: 'cyan'},
	meta: {color: '#116329', color16: 'green'},
	regexp: {color: '#0a3069', color16: 'blue'},
	symbol: {color: '#953800', color16: 'yellow'},
	variable: {color: '#953800', color16: 'yellow'},
	addition: {color: '#1a7f37', color16: 'green'},
	deletion: {color: '#cf222e', color16: 'red'},
	section: {color: '#0969da', color16: 'blue', bold: true},
};

/** Colours for a dark terminal background (the default). */
export const darkTheme: Theme = {name: 'dark', styles: dark};

/** Colours for a light terminal background. */
export const lightTheme: Theme = {name: 'light', styles: light};

/** The theme with this name; unknown names get the dark theme. */
export function themeByName(name: string | undefined): Theme {
	return name === 'light' ? lightTheme : darkTheme;
}
