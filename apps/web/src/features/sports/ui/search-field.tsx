import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import searchStyles from './search-view.module.css';

/** Typing settles for this long before the search is asked. */
const SEARCH_DEBOUNCE_MS = 250;

/** The keyword as typed, settled: it changes 250 ms after the last key. */
export function useSettledKeyword(text: string): string {
  const [keyword, setKeyword] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return keyword;
}

/**
 * The search box of the A–Z filter pages: a search field that stays at the top while the results scroll. Enter
 * calls `onSubmit` with the trimmed text (the entry page opens the full results there).
 */
export function SearchField({ text, onText, onSubmit }: { text: string; onText: (text: string) => void; onSubmit?: (keyword: string) => void }) {
  const { t } = useTranslation();
  return (
    <form
      role="search"
      className={searchStyles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== '') onSubmit?.(text.trim());
      }}
    >
      <label className={searchStyles.field}>
        <Search size={18} aria-hidden="true" />
        <span className="visually-hidden">{t('sports.search.label')}</span>
        <input
          type="search"
          value={text}
          maxLength={50}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('sports.search.placeholder')}
          onChange={(event) => onText(event.target.value)}
          className={searchStyles.input}
        />
      </label>
    </form>
  );
}
