import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {makeTempDir} from '../helpers/temp-dir.js';

/** A workspace with code, skipped folders, an ignored secret and a binary file. */
export function makeToolWorkspace(): string {
	const root = makeTempDir('lector-tools-');
	const files: Record<string, string | Buffer> = {
		'README.md': '# Title\nSee src.\n',
		'src/index.ts': 'import {greet} from "./greet.js";\nconsole.log(greet("x"));\n',
		'src/greet.ts':
			'export function greet(name: string) {\n\treturn "Hello, " + name;\n}\n// TODO: hello again\n',
		'src/nested/deep.ts': 'export const deep = 1;\n',
		'src/Upper.TS': 'HELLO\n',
		'.env': 'SECRET=1\n',
		'secrets/key.txt': 'hello secret\n',
		'.git/config': 'hello git\n',
		'node_modules/pkg/index.js': 'hello module\n',
		'image.png': Buffer.from([
			0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x68, 0x65, 0x6c, 0x6c, 0x6f,
		]),
		'.lectorignore': 'secrets/\n.env\n',
	};
	for (const [name, content] of Object.entries(files)) {
		const file = path.join(root, name);
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(file, content);
	}

	return root;
}
