import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateKitBuild, dateKitsBuild } from './date-kit-build.ts';
import { DATE_FORMATS, dateKitFormat, dateKitKey, type DateKit } from './date-kit.ts';
import { dateFormatOf, dateKitsAdd } from './intl-formats.ts';
import { LOCALES, localeToIntl } from './locales.ts';

/** Date kits (decision 092): the first screen's date formats as data, exactly what Intl shows. */

const TAGS = LOCALES.map(localeToIntl);
const FORMATS = Object.entries(DATE_FORMATS);
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('date kits', () => {
  it('format every date as Intl does, in every locale, for every first-screen format', () => {
    const kits = TAGS.map((tag) => [tag, dateKitsBuild(tag)] as const);
    fc.assert(
      fc.property(fc.date({ min: new Date(1990, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }), (date) => {
        for (const [tag, byOptions] of kits) {
          for (const [, options] of FORMATS) {
            expect(dateKitFormat(byOptions[dateKitKey(options)]!, date)).toBe(new Intl.DateTimeFormat(tag, options).format(date));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('read the fields in the device time zone, as Intl does without one, across daylight-saving changes', () => {
    for (const tz of ['America/Sao_Paulo', 'America/Mexico_City', 'Asia/Kolkata', 'Europe/Moscow', 'America/New_York', 'Pacific/Chatham']) {
      vi.stubEnv('TZ', tz);
      for (const tag of ['en-US', 'pt-BR', 'ru-RU']) {
        const kit = dateKitBuild(tag, DATE_FORMATS.kickOffTime);
        // Around the 2024 and 2025 daylight-saving changes of the zones above, every quarter hour.
        for (const start of [Date.UTC(2024, 2, 9), Date.UTC(2024, 10, 2), Date.UTC(2025, 3, 5), Date.UTC(2025, 8, 27)]) {
          for (let at = start; at < start + 3 * 86_400_000; at += 900_000) {
            expect(dateKitFormat(kit, new Date(at)), `${tz} ${tag} ${new Date(at).toISOString()}`).toBe(
              new Intl.DateTimeFormat(tag, DATE_FORMATS.kickOffTime).format(at),
            );
          }
        }
      }
    }
  });

  it('keep the names each format shows: a 12-hour clock, genitive months, Chinese weekdays', () => {
    const noon = new Date(2025, 11, 1, 12, 5);
    expect(dateKitFormat(dateKitBuild('en-US', DATE_FORMATS.kickOffTime), noon)).toBe(new Intl.DateTimeFormat('en-US', DATE_FORMATS.kickOffTime).format(noon));
    expect(dateKitBuild('en-US', DATE_FORMATS.kickOffTime)).toMatchObject({ hourCycle: 'h12', dayPeriods: ['AM', 'PM'], twoDigits: ['hour', 'minute'] });
    expect(dateKitBuild('pt-BR', DATE_FORMATS.kickOffTime)).toMatchObject({ hourCycle: 'h23', parts: [['hour'], ':', ['minute']] });
    expect(dateKitBuild('ru-RU', DATE_FORMATS.kickOffDay).months?.[1]).toBe(
      new Intl.DateTimeFormat('ru-RU', DATE_FORMATS.kickOffDay).formatToParts(new Date(2025, 1, 3)).find((part) => part.type === 'month')?.value,
    );
    expect(dateKitBuild('zh-CN', DATE_FORMATS.listDay).weekdays).toEqual(['周日', '周一', '周二', '周三', '周四', '周五', '周六']);
  });

  it('are refused when a part cannot be filled or the kit would differ from Intl', () => {
    expect(() => dateKitBuild('en-US', { hour: 'numeric', timeZoneName: 'short' })).toThrow(/cannot show the timeZoneName/);
    expect(() => dateKitBuild('en-US', { era: 'short', year: 'numeric' })).toThrow(/cannot show the era/);
    // Thai dates count Buddhist years: the date's own year would be shown wrong, so no kit is made.
    expect(() => dateKitBuild('th-TH', { year: 'numeric', month: 'short' })).toThrow(/shows .* as "[^"]*2024[^"]*", Intl as "[^"]*2567/);
  });
});

describe('dateFormatOf', () => {
  const options = { day: 'numeric', month: 'short' } as const;

  it('answers with the locale’s kit once added, instead of an Intl formatter', () => {
    const marked: DateKit = {
      parts: [['day'], ' de ', ['month']],
      months: ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'],
    };
    const date = new Date(2025, 9, 7, 12);
    expect(dateFormatOf('pt-PT', options).format(date)).toBe(new Intl.DateTimeFormat('pt-PT', options).format(date));
    dateKitsAdd('pt-PT', { [dateKitKey(options)]: marked });
    expect(dateFormatOf('pt-PT', options).format(date)).toBe('7 de OUT');
    expect(dateFormatOf('pt-PT', options).format(date.getTime())).toBe('7 de OUT');
    // Another locale, or other options, still go to Intl.
    expect(dateFormatOf('es-ES', options).format(date)).toBe(new Intl.DateTimeFormat('es-ES', options).format(date));
    expect(dateFormatOf('pt-PT', { month: 'long' }).format(date)).toBe(new Intl.DateTimeFormat('pt-PT', { month: 'long' }).format(date));
  });
});
