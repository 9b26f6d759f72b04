export {ReadCache} from './cache.js';
export {displayPathOf} from './details.js';
export {formatBytes} from './notices.js';
export {type ReadOptions, read} from './read.js';
export * from './types.js';
