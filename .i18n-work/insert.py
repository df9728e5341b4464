"""Inserts the `casino` object right after the top-level `game` key in each catalogue."""
import json, sys, collections
LOCALES = ['en-US','es-MX','ms-MY','pt-BR','ru-RU','vm-TH','vm-VI','zh-CN']
base = '/work/wt-casino-web/apps/web/src/i18n/locales/'
for loc in LOCALES:
    try:
        casino = json.load(open(f'{loc}.json'), object_pairs_hook=collections.OrderedDict)
    except FileNotFoundError:
        casino = json.load(open('en-US.json'), object_pairs_hook=collections.OrderedDict)
    path = base + loc + '.json'
    data = json.load(open(path), object_pairs_hook=collections.OrderedDict)
    out = collections.OrderedDict()
    for k, v in data.items():
        if k == 'casino':
            continue
        out[k] = v
        if k == 'game':
            out['casino'] = casino
    open(path, 'w').write(json.dumps(out, ensure_ascii=False, indent=2) + '\n')
