/**
A small ANSI-to-SVG converter for the screenshots: SGR colour and attribute sequences become
styled runs on a monospace grid (wide characters take two cells); anything else is dropped.
*/
import {clusters, clusterWidth} from '../text/width.js';

/** Colours and cell size of the picture. */
export type SvgOptions = {
	readonly columns: number;
	readonly background?: string;
	readonly foreground?: string;
	/** Font size in pixels; a cell is 0.6 of it wide and 1.4 of it tall. */
	readonly fontSize?: number;
	readonly title?: string;
};

type Pen = {
	color?: string;
	bold: boolean;
	dim: boolean;
	italic: boolean;
	underline: boolean;
	inverse: boolean;
};
type Run = {text: string; column: number; width: number; pen: Pen};

const basic = ['#000000', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc', '#11a8cd', '#e5e5e5'];
const bright = ['#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff'];

function hex(red: number, green: number, blue: number): string {
	return `#${[red, green, blue].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

function color256(index: number): string {
	if (index < 8) {
		return basic[index] ?? '#ffffff';
	}

	if (index < 16) {
		return bright[index - 8] ?? '#ffffff';
	}

	if (index >= 232) {
		const level = 8 + (index - 232) * 10;
		return hex(level, level, level);
	}

	const value = index - 16;
	const scale = (step: number) => (step === 0 ? 0 : 55 + step * 40);
	return hex(scale(Math.floor(value / 36)), scale(Math.floor(value / 6) % 6), scale(value % 6));
}

function applySgr(pen: Pen, parameters: number[]): Pen {
	const next = {...pen};
	for (let index = 0; index < parameters.length; index++) {
		const code = parameters[index] ?? 0;
		if (code === 0) {
			Object.assign(next, {
				color: undefined,
				bold: false,
				dim: false,
				italic: false,
				underline: false,
				inverse: false,
			});
		} else if (code === 1) {
			next.bold = true;
		} else if (code === 2) {
			next.dim = true;
		} else if (code === 3) {
			next.italic = true;
		} else if (code === 4) {
			next.underline = true;
		} else if (code === 7) {
			next.inverse = true;
		} else if (code === 22) {
			next.bold = false;
			next.dim = false;
		} else if (code === 23) {
			next.italic = false;
		} else if (code === 24) {
			next.underline = false;
		} else if (code === 27) {
			next.inverse = false;
		} else if (code === 39) {
			next.color = undefined;
		} else if (code >= 30 && code <= 37) {
			next.color = basic[code - 30];
		} else if (code >= 90 && code <= 97) {
			next.color = bright[code - 90];
		} else if (code === 38 && parameters[index + 1] === 2) {
			next.color = hex(parameters[index + 2] ?? 0, parameters[index + 3] ?? 0, parameters[index + 4] ?? 0);
			index += 4;
		} else if (code === 38 && parameters[index + 1] === 5) {
			next.color = color256(parameters[index + 2] ?? 0);
			index += 2;
		}
	}

	return next;
}

/** Split one line of ANSI text into styled runs with their starting column. */
export function ansiRuns(line: string): Run[] {
	const runs: Run[] = [];
	let pen: Pen = {bold: false, dim: false, italic: false, underline: false, inverse: false};
	let column = 0;
	for (const part of line.split(/(\u001B\[[\d;]*[A-Za-z])/)) {
		if (part.startsWith('\u001B[')) {
			if (part.endsWith('m')) {
				const body = part.slice(2, -1);
				pen = applySgr(pen, body === '' ? [0] : body.split(';').map(Number));
			}

			continue;
		}

		if (part === '') {
			continue;
		}

		let width = 0;
		for (const cluster of clusters(part)) {
			width += clusterWidth(cluster);
		}

		runs.push({text: part, column, width, pen});
		column += width;
	}

	return runs;
}

function escapeXml(text: string): string {
	return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Render ANSI lines as an SVG picture of a terminal. */
export function ansiToSvg(lines: readonly string[], options: SvgOptions): string {
	const fontSize = options.fontSize ?? 14;
	const cellWidth = fontSize * 0.6;
	const cellHeight = Math.round(fontSize * 1.4);
	const background = options.background ?? '#0d1117';
	const foreground = options.foreground ?? '#e6edf3';
	const padding = 12;
	const width = Math.ceil(options.columns * cellWidth + padding * 2);
	const height = lines.length * cellHeight + padding * 2;
	const body: string[] = [];
	for (const [row, line] of lines.entries()) {
		const y = padding + row * cellHeight;
		for (const run of ansiRuns(line)) {
			const x = (padding + run.column * cellWidth).toFixed(1);
			let fill = run.pen.color ?? foreground;
			if (run.pen.inverse) {
				body.push(
					`<rect x="${x}" y="${y}" width="${(run.width * cellWidth).toFixed(1)}" height="${cellHeight}" fill="${fill}"/>`,
				);
				fill = background;
			}

			if (run.text.trim() === '') {
				continue;
			}

			const attributes = [
				`x="${x}"`,
				`y="${y + Math.round(fontSize * 1.05)}"`,
				`fill="${fill}"`,
				`textLength="${(run.width * cellWidth).toFixed(1)}"`,
				run.pen.bold ? 'font-weight="bold"' : '',
				run.pen.italic ? 'font-style="italic"' : '',
				run.pen.dim ? 'opacity="0.6"' : '',
				run.pen.underline ? 'text-decoration="underline"' : '',
			].filter((attribute) => attribute !== '');
			body.push(`<text ${attributes.join(' ')}>${escapeXml(run.text)}</text>`);
		}
	}

	const title = options.title === undefined ? '' : `<title>${escapeXml(options.title)}</title>`;
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="${fontSize}" xml:space="preserve">`,
		title,
		`<rect width="100%" height="100%" rx="6" fill="${background}"/>`,
		...body,
		'</svg>',
		'',
	]
		.filter((line) => line !== '')
		.join('\n');
}
