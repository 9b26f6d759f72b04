/** The built-in dark and light themes. */
import type {Role, Style, Theme} from './roles.js';

const dark: Record<Role, Style> = {
	text: {},
	dim: {dim: true},
	gutter: {color: '#6e7681'},
	toolName: {color: '#58a6ff', bold: true},
	path: {color: '#e6edf3', bold: true},
	range: {color: '#d2a8ff'},
	count: {color: '#8b949e'},
	hint: {color: '#8b949e', italic: true},
	warning: {color: '#d29922'},
	error: {color: '#f85149'},
	skill: {color: '#3fb950', bold: true},
	resource: {color: '#a5d6ff'},
	focus: {color: '#58a6ff', bold: true},
	spinner: {color: '#d29922'},
	user: {color: '#7ee787', bold: true},
	assistant: {},
	notice: {color: '#8b949e', italic: true},
	status: {inverse: true},
	keyword: {color: '#ff7b72'},
	string: {color: '#a5d6ff'},
	comment: {color: '#8b949e', italic: true},
	number: {color: '#79c0ff'},
	title: {color: '#d2a8ff'},
	type: {color: '#ffa657'},
	literal: {color: '#79c0ff'},
	builtIn: {color: '#ffa657'},
	attribute: {color: '#79c0ff'},
	meta: {color: '#7ee787'},
	regexp: {color: '#a5d6ff'},
	symbol: {color: '#ffa657'},
	variable: {color: '#ffa657'},
	addition: {color: '#3fb950'},
	deletion: {color: '#f85149'},
	section: {color: '#1f6feb', bold: true},
};

const light: Record<Role, Style> = {
	...dark,
	gutter: {color: '#8c959f'},
	toolName: {color: '#0969da', bold: true},
	path: {color: '#1f2328', bold: true},
	range: {color: '#8250df'},
	count: {color: '#57606a'},
	hint: {color: '#57606a', italic: true},
	warning: {color: '#9a6700'},
	error: {color: '#cf222e'},
	skill: {color: '#1a7f37', bold: true},
	resource: {color: '#0550ae'},
	focus: {color: '#0969da', bold: true},
	spinner: {color: '#9a6700'},
	user: {color: '#116329', bold: true},
	notice: {color: '#57606a', italic: true},
	keyword: {color: '#cf222e'},
	string: {color: '#0a3069'},
	comment: {color: '#6e7781', italic: true},
	number: {color: '#0550ae'},
	title: {color: '#8250df'},
	type: {color: '#953800'},
	literal: {color: '#0550ae'},
	builtIn: {color: '#953800'},
	attribute: {color: '#0550ae'},
	meta: {color: '#116329'},
	regexp: {color: '#0a3069'},
	symbol: {color: '#953800'},
	variable: {color: '#953800'},
	addition: {color: '#1a7f37'},
	deletion: {color: '#cf222e'},
	section: {color: '#0969da', bold: true},
};

/** Colours for a dark terminal background (the default). */
export const darkTheme: Theme = {name: 'dark', styles: dark};

/** Colours for a light terminal background. */
export const lightTheme: Theme = {name: 'light', styles: light};

/** The theme with this name; unknown names get the dark theme. */
export function themeByName(name: string | undefined): Theme {
	return name === 'light' ? lightTheme : darkTheme;
}
