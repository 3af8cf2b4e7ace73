const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
// Words YAML 1.1 or 1.2 read as booleans or null; numbers; anything starting with an indicator character.
const NOT_A_PLAIN_STRING = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~)$|^[-+.0-9]|^[[\]{}&*!|>'"%@`#,?:~=<]/;
export function parseSimpleYaml(text) {
    const data = {};
    const keyLines = {};
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (line.trim() === '')
            continue;
        const m = KEY_LINE.exec(line);
        if (!m)
            return undefined;
        const key = m[1];
        const raw = m[2];
        if (raw === undefined || raw === '' || key in data)
            return undefined;
        let value;
        if (raw.startsWith('"')) {
            if (raw.length < 2 || !raw.endsWith('"'))
                return undefined;
            value = raw.slice(1, -1);
            if (/["\\]/.test(value))
                return undefined;
        }
        else if (raw.startsWith("'")) {
            if (raw.length < 2 || !raw.endsWith("'"))
                return undefined;
            const inner = raw.slice(1, -1);
            if (/'(?!')/.test(inner.replace(/''/g, '')))
                return undefined;
            value = inner.replace(/''/g, "'");
        }
        else {
            if (NOT_A_PLAIN_STRING.test(raw) || raw.includes(': ') || raw.includes(' #') || raw.endsWith(':') || raw.includes('\t'))
                return undefined;
            value = raw;
        }
        data[key] = value;
        keyLines[key] = i + 1;
    }
    return { data, keyLines };
}
//# sourceMappingURL=simple-yaml.js.map