/**
 * The text of a skill's reference files, for rules that read what an agent (or a judge) would load
 * from references/. Read once, on first use, and only regular files: the walk lists no FIFOs or devices,
 * and the file is opened non-blocking and checked again after opening, so a file swapped for a FIFO
 * between the walk and the read cannot block the run.
 */
import * as fs from 'node:fs';
import { MAX_TEXT_BYTES } from './fs.js';
function readRegularText(abs, maxBytes) {
    let fd;
    try {
        fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
        const stat = fs.fstatSync(fd);
        if (!stat.isFile() || stat.size > maxBytes)
            return undefined;
        const buffer = Buffer.alloc(stat.size);
        const read = fs.readSync(fd, buffer, 0, stat.size, 0);
        const bytes = buffer.subarray(0, read);
        if (bytes.subarray(0, 8000).includes(0))
            return undefined;
        return bytes.toString('utf8').replace(/^\uFEFF/, '');
    }
    catch {
        return undefined; // unreadable files are reported by the walk and by validate, not here
    }
    finally {
        if (fd !== undefined)
            fs.closeSync(fd);
    }
}
/** Text files under references/ (any depth), in path order; binary, oversized and unreadable files are left out. */
export function readReferenceTexts(files, maxBytes = MAX_TEXT_BYTES) {
    const out = [];
    for (const file of files) {
        if (!file.rel.startsWith('references/') || file.binary || file.size > maxBytes)
            continue;
        const text = readRegularText(file.abs, maxBytes);
        if (text !== undefined)
            out.push({ rel: file.rel, text });
    }
    return out;
}
//# sourceMappingURL=references.js.map