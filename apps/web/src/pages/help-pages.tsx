import { FEEDBACK_CATEGORIES, ApiError } from '@piranha/contract';
import { FAQ_CATEGORIES, helpAllowedOrigins, iframeSource, linkResolve, MARKET_LEGAL } from '@piranha/domain';
import { BadgeCheck, ExternalLink, Globe, LifeBuoy, Mail, MessageSquareText, Newspaper, PlayCircle, Search, ShieldAlert } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from '../shared/router/router.tsx';
import { HelpDate, HelpHtml, HelpLoad } from '../features/help/help-html.tsx';
import { helpIdOf, useFaqListQuery, useFeedbackMutation, useHelpItemQuery, useHelpNewsQuery, useHelpPageQuery } from '../features/help/help-api.ts';
import styles from '../features/help/help.module.css';
import { useGlobalConfigQuery } from '../features/system/api/global-config.ts';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { Button } from '../shared/ui/button.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';

/** The help centre's pages (spec §2 help and info; issue 21, decision 038). */

const appOrigin = () => window.location.origin;
const allowedOrigins = () => helpAllowedOrigins(variantCurrent(), appOrigin());

/** `fromUrl` of the FAQ: where the player came from, an in-app path only; the menu otherwise. */
function fromUrlOf(params: URLSearchParams): string {
  const target = linkResolve(params.get('fromUrl'), [], appOrigin());
  return target.kind === 'internal' && !target.path.startsWith(paths.faqHome) ? target.path : paths.menu;
}

function withFrom(path: string, fromUrl: string): string {
  return fromUrl === paths.menu ? path : `${path}${path.includes('?') ? '&' : '?'}fromUrl=${encodeURIComponent(fromUrl)}`;
}

/** /faq/home?fromUrl=: categories, search, the answers; the back arrow returns where the player came from. */
export function FaqHomePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromUrl = fromUrlOf(params);
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const keyword = useDeferredValue(typed.trim().slice(0, 80));
  const category = (FAQ_CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? params.get('category')! : '';
  const faq = useFaqListQuery(i18n.language, keyword, category);
  const searchId = useId();
  const setCategory = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('category', next);
        else copy.delete('category');
        return copy;
      },
      { replace: true },
    );
  const counts = new Map(faq.data?.categories.map((entry) => [entry.category, entry.count]));
  return (
    <>
      <PageTitle title={t('help.faqTitle')} backTo={fromUrl} />
      <div className={styles.stack}>
        <form className={styles.search} role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('help.searchLabel')}
          </label>
          <input
            id={searchId}
            className={styles.control}
            style={{ flex: 1 }}
            type="search"
            maxLength={80}
            value={typed}
            placeholder={t('help.searchPlaceholder')}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="faq-search"
          />
          <Search size={20} aria-hidden="true" style={{ alignSelf: 'center' }} />
        </form>
        <div className={styles.chips} role="group" aria-label={t('help.categoriesLabel')}>
          <button type="button" className={styles.chip} aria-pressed={category === ''} onClick={() => setCategory('')}>
            {t('help.categoryAll')}
          </button>
          {FAQ_CATEGORIES.filter((key) => (counts.get(key) ?? 0) > 0).map((key) => (
            <button key={key} type="button" className={styles.chip} aria-pressed={category === key} onClick={() => setCategory(key)}>
              {t(`help.category.${key}`)}
            </button>
          ))}
        </div>
        <HelpLoad query={faq}>
          {() =>
            faq.data!.list.length === 0 ? (
              <EmptyState icon={<Search size={28} />} title={t('help.noResults', { keyword })} body={t('help.noResultsBody')} />
            ) : (
              <ul className={styles.list} aria-live="polite">
                {faq.data!.list.map((item) => (
                  <li key={item.id}>
                    <Link className={styles.card} to={withFrom(`${paths.faqDetail}?id=${item.id}`, fromUrl)} data-testid="faq-item">
                      <span className={styles.cardTitle}>
                        {item.title}
                        {item.has_video ? <PlayCircle size={16} aria-label={t('help.hasVideo')} /> : null}
                      </span>
                      <span className={styles.cardBody}>{item.summary}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          }
        </HelpLoad>
        <StillNeedHelp />
      </div>
    </>
  );
}

function StillNeedHelp() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-labelledby="still-need-help">
      <h2 id="still-need-help" className={styles.heading} style={{ fontSize: 17 }}>
        {t('help.stillNeedHelp')}
      </h2>
      <Link className={styles.row} to={paths.support}>
        <LifeBuoy size={20} aria-hidden="true" />
        {t('help.contactSupport')}
      </Link>
      <Link className={styles.row} to={paths.feedback}>
        <MessageSquareText size={20} aria-hidden="true" />
        {t('help.sendFeedback')}
      </Link>
    </section>
  );
}

/** /faq/detail?id=: one answer; a link to its video when it has one. */
export function FaqDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const fromUrl = fromUrlOf(params);
  const item = useHelpItemQuery(i18n.language, helpIdOf(params.get('id')));
  return (
    <>
      <PageTitle title={t('help.faqTitle')} backTo={withFrom(paths.faqHome, fromUrl)} />
      <div className={styles.stack}>
        <HelpLoad query={item} missing={!helpIdOf(params.get('id'))}>
          {() => (
            <article className={styles.stack} style={{ padding: 0 }}>
              <h2 className={styles.heading}>{item.data!.title}</h2>
              <HelpHtml html={item.data!.body} />
              {item.data!.video_url ? (
                <Link className={styles.row} to={withFrom(`${paths.faqVideo}?id=${item.data!.id}`, fromUrl)}>
                  <PlayCircle size={20} aria-hidden="true" />
                  {t('help.watchVideo')}
                </Link>
              ) : null}
            </article>
          )}
        </HelpLoad>
        <StillNeedHelp />
      </div>
    </>
  );
}

/** /faq/video?id=: the answer's video, framed only from an allow-listed origin, or played from an https file. */
export function FaqVideoPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = helpIdOf(params.get('id'));
  const item = useHelpItemQuery(i18n.language, id);
  const url = item.data?.video_url ?? '';
  const framed = iframeSource(url, allowedOrigins(), appOrigin());
  const file = /^https:\/\/[^\s]+\.(mp4|webm)(\?[^\s]*)?$/i.test(url) ? url : undefined;
  return (
    <>
      <PageTitle title={t('help.videoTitle')} backTo={withFrom(`${paths.faqDetail}?id=${id}`, fromUrlOf(params))} />
      <div className={styles.stack}>
        <HelpLoad query={item} missing={!id}>
          {() => (
            <>
              <h2 className={styles.heading}>{item.data!.title}</h2>
              {file ? (
                <video className={styles.video} src={file} controls playsInline preload="metadata" />
              ) : framed ? (
                <iframe
                  className={styles.video}
                  src={framed}
                  title={item.data!.title}
                  allow="fullscreen; picture-in-picture"
                  referrerPolicy="no-referrer"
                  sandbox="allow-scripts allow-same-origin allow-presentation"
                />
              ) : (
                <EmptyState icon={<PlayCircle size={28} />} title={t('help.videoUnavailable')} />
              )}
            </>
          )}
        </HelpLoad>
      </div>
    </>
  );
}

/** /support: the brand's contact channels from its profile. */
export function SupportPage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const site = linkResolve(variant.supportContact, allowedOrigins(), appOrigin());
  return (
    <>
      <PageTitle title={t('help.supportTitle')} backTo={paths.menu} />
      <div className={styles.stack}>
        <p className={styles.meta} style={{ fontSize: 15 }}>
          {t('help.supportIntro', { brand: variant.name })}
        </p>
        <a className={styles.row} href={`mailto:${variant.supportEmail}`} data-testid="support-email">
          <Mail size={20} aria-hidden="true" />
          <span className={styles.rowText}>
            <span className={styles.rowLabel}>{t('help.supportEmail')}</span>
            {variant.supportEmail}
          </span>
        </a>
        {site.kind === 'external' ? (
          <a className={styles.row} href={site.url} target="_blank" rel="noopener noreferrer">
            <Globe size={20} aria-hidden="true" />
            <span className={styles.rowText}>
              <span className={styles.rowLabel}>{t('help.supportWeb')}</span>
              {new URL(site.url).host}
            </span>
            <ExternalLink size={16} aria-hidden="true" style={{ marginLeft: 'auto' }} />
          </a>
        ) : null}
        <Link className={styles.row} to={withFrom(paths.faqHome, paths.support)}>
          <LifeBuoy size={20} aria-hidden="true" />
          {t('help.supportFaq')}
        </Link>
        <Link className={styles.row} to={paths.feedback}>
          <MessageSquareText size={20} aria-hidden="true" />
          {t('help.sendFeedback')}
        </Link>
      </div>
    </>
  );
}

type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** /feedback: a form stored for the operator; checked here and by the server, its refusals in the player's language. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const send = useFeedbackMutation();
  const [category, setCategory] = useState<FeedbackCategory>('other');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'content' | 'contact' | 'category' | 'form', string>>>({});
  const ids = { category: useId(), content: useId(), contact: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim().length < 10) {
      setErrors({ content: t('help.feedbackTooShort') });
      return;
    }
    setErrors({});
    send.mutate(
      { category, content: content.trim(), ...(contact.trim() ? { contact: contact.trim() } : {}) },
      {
        onError: (error) => {
          const field = error instanceof ApiError ? String((error.data as { field?: unknown } | undefined)?.field ?? '') : '';
          const key = field === 'content' || field === 'contact' || field === 'category' ? field : 'form';
          setErrors({ [key]: error.message });
        },
      },
    );
  };

  if (send.isSuccess)
    return (
      <>
        <PageTitle title={t('help.feedbackTitle')} backTo={paths.menu} />
        <div className={styles.stack}>
          <section className={styles.panel} role="status" data-testid="feedback-sent">
            <BadgeCheck size={28} aria-hidden="true" />
            <h2 className={styles.heading}>{t('help.feedbackSent')}</h2>
            <p className={styles.meta}>{t('help.feedbackReference', { id: send.data.feedback_id })}</p>
            <Button
              variant="ghost"
              onClick={() => {
                setContent('');
                send.reset();
              }}
            >
              {t('help.feedbackAnother')}
            </Button>
          </section>
        </div>
      </>
    );
  return (
    <>
      <PageTitle title={t('help.feedbackTitle')} backTo={paths.menu} />
      <div className={styles.stack}>
        <p className={styles.meta} style={{ fontSize: 15 }}>
          {t('help.feedbackIntro')}
        </p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.category}>
              {t('help.feedbackCategory')}
            </label>
            <select id={ids.category} className={styles.control} value={category} onChange={(event) => setCategory(event.target.value as FeedbackCategory)}>
              {FEEDBACK_CATEGORIES.map((key) => (
                <option key={key} value={key}>
                  {t(`help.feedbackCategories.${key}`)}
                </option>
              ))}
            </select>
            {errors.category ? <p className={styles.error}>{errors.category}</p> : null}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.content}>
              {t('help.feedbackContent')}
            </label>
            <textarea
              id={ids.content}
              className={styles.control}
              value={content}
              maxLength={1000}
              onChange={(event) => {
                setContent(event.target.value);
                if (errors.content) setErrors(({ content: _dropped, ...rest }) => rest);
              }}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={`${ids.content}-hint`}
              data-testid="feedback-content"
            />
            <p id={`${ids.content}-hint`} className={styles.hint}>
              {t('help.feedbackContentHint', { count: content.trim().length })}
            </p>
            {errors.content ? (
              <p className={styles.error} role="alert">
                {errors.content}
              </p>
            ) : null}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.contact}>
              {t('help.feedbackContact')}
            </label>
            <input
              id={ids.contact}
              className={styles.control}
              value={contact}
              maxLength={120}
              autoComplete="email"
              onChange={(event) => setContact(event.target.value)}
              aria-invalid={errors.contact ? true : undefined}
            />
            {errors.contact ? (
              <p className={styles.error} role="alert">
                {errors.contact}
              </p>
            ) : null}
          </div>
          {errors.form ? (
            <p className={styles.error} role="alert">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" variant="primary" block disabled={send.isPending} aria-busy={send.isPending}>
            {t('help.feedbackSend')}
          </Button>
        </form>
      </div>
    </>
  );
}

function HelpPage({ kind, title }: { kind: 'about' | 'privacy'; title: string }) {
  const { i18n } = useTranslation();
  const page = useHelpPageQuery(i18n.language, kind);
  return (
    <>
      <PageTitle title={title} backTo={paths.menu} />
      <div className={styles.stack}>
        <HelpLoad query={page}>
          {() => (
            <article className={styles.stack} style={{ padding: 0 }} data-testid={`help-page-${kind}`}>
              <h2 className={styles.heading}>{page.data!.title}</h2>
              <HelpHtml html={page.data!.body} />
              <HelpDate time={page.data!.publish_time} />
            </article>
          )}
        </HelpLoad>
      </div>
    </>
  );
}

/** /about: who the brand is, its licence and contact. */
export function AboutPage() {
  const { t } = useTranslation();
  return <HelpPage kind="about" title={t('help.aboutTitle')} />;
}

/** /privacy: the brand's privacy notice, naming its jurisdiction's data-protection law. */
export function PrivacyPage() {
  const { t } = useTranslation();
  return <HelpPage kind="privacy" title={t('help.privacyTitle')} />;
}

function NewsList({ kind }: { kind: 'news' | 'announcement' }) {
  const { t, i18n } = useTranslation();
  const news = useHelpNewsQuery(i18n.language, kind);
  return (
    <HelpLoad query={news}>
      {() =>
        news.data!.list.length === 0 ? (
          <EmptyState icon={<Newspaper size={28} />} title={t('help.newsEmpty')} onRefresh={() => void news.refetch()} refreshing={news.isFetching} />
        ) : (
          <ul className={styles.list}>
            {news.data!.list.map((item) => (
              <li key={item.id}>
                <article className={styles.panel} data-testid="news-item">
                  <h2 className={styles.heading} style={{ fontSize: 17 }}>
                    {item.title}
                  </h2>
                  <HelpDate time={item.publish_time} />
                  <HelpHtml html={item.body} />
                </article>
              </li>
            ))}
          </ul>
        )
      }
    </HelpLoad>
  );
}

/**
 * /news: the brand's news. The global status poll also sends players here while the operator has the product in
 * news mode (status 2); the notice on top says so, and the poll moves them on when it ends.
 */
export function NewsPage() {
  const { t } = useTranslation();
  const newsMode = useGlobalConfigQuery().data?.global_stats === 2;
  return (
    <>
      <PageTitle title={t('help.newsTitle')} {...(newsMode ? {} : { backTo: paths.menu })} />
      <div className={styles.stack}>
        {newsMode ? (
          <section className={styles.panel} role="status">
            <h2 className={styles.heading} style={{ fontSize: 17 }}>
              {t('news.title', { brand: variantCurrent().name })}
            </h2>
            <p className={styles.meta}>{t('news.body')}</p>
          </section>
        ) : null}
        <NewsList kind="news" />
      </div>
    </>
  );
}

/** /announcement: the brand's announcements. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('help.announcementTitle')} backTo={paths.menu} />
      <div className={styles.stack}>
        <NewsList kind="announcement" />
      </div>
    </>
  );
}

/** /html?id=: an operator HTML page of the brand, sanitized. */
export function HtmlPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = helpIdOf(params.get('id'));
  const item = useHelpItemQuery(i18n.language, id);
  return (
    <>
      <PageTitle title={item.data?.title ?? t('help.htmlTitle')} backTo={paths.menu} />
      <div className={styles.stack}>
        <HelpLoad query={item} missing={!id}>
          {() => <HelpHtml html={item.data!.body} />}
        </HelpLoad>
      </div>
    </>
  );
}

function hostOf(raw: string | null): string {
  try {
    return new URL(raw ?? '', appOrigin()).host;
  } catch {
    return '';
  }
}

/** /iframe?url=&title=: frames an allow-listed origin only; anything else gets a page saying why it is not shown. */
export function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('url');
  const source = iframeSource(raw, allowedOrigins(), appOrigin());
  const title = (params.get('title') ?? '').slice(0, 60) || t('help.iframeTitle');
  if (!source)
    return (
      <>
        <PageTitle title={t('help.iframeRefusedTitle')} backTo={paths.menu} />
        <div className={styles.stack} data-testid="iframe-refused">
          <EmptyState
            icon={<ShieldAlert size={28} />}
            title={t('help.iframeRefusedTitle')}
            body={t('help.iframeRefusedBody', { host: hostOf(raw) || '—', brand: variantCurrent().name })}
          />
        </div>
      </>
    );
  return (
    <>
      <PageTitle title={title} backTo={paths.menu} />
      <div className={styles.stack}>
        <iframe
          className={styles.frame}
          src={source}
          title={title}
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          data-testid="help-iframe"
        />
      </div>
    </>
  );
}

/**
 * /link?url=: a safe redirect. An in-app path navigates; an allow-listed https address opens at once; any other
 * http(s) address only after the player confirms on this page; anything else is refused.
 */
export function LinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = linkResolve(params.get('url'), allowedOrigins(), appOrigin());
  const brand = variantCurrent().name;
  useEffect(() => {
    if (target.kind === 'external' && target.trusted) window.location.assign(target.url);
  }, [target]);
  if (target.kind === 'internal') return <Navigate to={target.path} replace />;
  if (target.kind === 'refused')
    return (
      <>
        <PageTitle title={t('help.linkRefusedTitle')} backTo={paths.menu} />
        <div className={styles.stack} data-testid="link-refused">
          <EmptyState icon={<ShieldAlert size={28} />} title={t('help.linkRefusedTitle')} body={t('help.linkRefusedBody')} />
        </div>
      </>
    );
  const host = new URL(target.url).host;
  return (
    <>
      <PageTitle title={t('help.linkTitle', { brand })} backTo={paths.menu} />
      <div className={styles.stack}>
        <section className={styles.panel} data-testid="link-interstitial">
          <ExternalLink size={28} aria-hidden="true" />
          <p className={styles.host}>{host}</p>
          <p>{target.trusted ? t('help.linkOpening', { host }) : t('help.linkBody', { host, brand })}</p>
          <div className={styles.actions}>
            <a className={styles.actionLink} href={target.url} target="_blank" rel="noopener noreferrer nofollow">
              {t('help.linkContinue', { host })}
            </a>
            <Link className={styles.actionLink} to={paths.menu}>
              {t('help.linkBack')}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

/**
 * /auth-file: the brand's authorisation file — who licenses it (or that its market licenses no one), the age limit,
 * and its one official domain, so a player can tell the real site from a copy.
 */
export function AuthFilePage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const legal = MARKET_LEGAL[variant.jurisdiction];
  return (
    <>
      <PageTitle title={t('help.authFileTitle')} backTo={paths.menu} />
      <div className={styles.stack}>
        <section className={styles.panel} data-testid="auth-file">
          <BadgeCheck size={28} aria-hidden="true" />
          <h2 className={styles.heading}>{variant.name}</h2>
          <p>
            {legal.regulator
              ? t('help.authFileLicensed', { brand: variant.name, regulator: legal.regulator })
              : t('help.authFileUnlicensed', { brand: variant.name })}
          </p>
          <p>{t('help.authFileAge', { age: legal.minimumAge })}</p>
          <p>
            {t('help.authFileDomain')} <span className={styles.host}>{variant.officialDomain}</span>
          </p>
          <p className={styles.meta}>{t('help.authFileVerify', { email: variant.supportEmail })}</p>
        </section>
        <Link className={styles.row} to={paths.about}>
          <Globe size={20} aria-hidden="true" />
          {t('help.aboutTitle')}
        </Link>
        <Link className={styles.row} to={paths.privacy}>
          <ShieldAlert size={20} aria-hidden="true" />
          {t('help.privacyTitle')}
        </Link>
      </div>
    </>
  );
}
