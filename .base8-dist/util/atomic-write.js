import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { InputError } from '../errors.js';
/** Write a file atomically: a temp file in the same folder, then rename, so a crash never leaves half a file. */
export async function writeFileAtomic(file, data) {
    const dir = path.dirname(path.resolve(file));
    const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
        await fsp.writeFile(tmp, data, { flag: 'wx' });
        await fsp.rename(tmp, file);
    }
    catch (err) {
        await fsp.rm(tmp, { force: true });
        const code = err.code;
        throw new InputError(`${file}: cannot write (${code ?? String(err)}); nothing was written`, file, err);
    }
}
//# sourceMappingURL=atomic-write.js.map