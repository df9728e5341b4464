import { hallUiSwitch, hallUiSwitchInfo } from '@piranha/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LayoutGrid, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useNavigate } from '../../shared/router/router.tsx';
import { api } from '../../shared/api/api.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS, storageGet } from '../../shared/storage.ts';
import { uiV3ChoiceSet } from '../../shared/ui-version.ts';
import { paths } from '../../shared/paths/paths.ts';
import styles from './ui-version-switch.module.css';

/**
 * Spec §4 New-UI switch: on stores the flag and goes to /home/game; off goes to /game. A signed-in player's
 * choice is also saved on the server (switch 1 on, 2 off), and a choice made on another device is
 * adopted here when this device has none.
 */
export function UiVersionSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSessionStore((state) => state.login !== undefined);
  const info = useQuery({ queryKey: ['casino', 'ui-switch'], queryFn: () => api.call(hallUiSwitchInfo), enabled: signedIn, staleTime: Infinity });
  useEffect(() => {
    const saved = info.data?.switch;
    if ((saved === 1 || saved === 2) && storageGet<boolean>(STORAGE_KEYS.uiV3Choice) === undefined) uiV3ChoiceSet(saved === 1);
  }, [info.data]);
  const save = useMutation({ mutationFn: (turnOn: boolean) => api.call(hallUiSwitch, { query: { switch: turnOn ? '1' : '2' } }) });

  const toggle = () => {
    const turnOn = !on;
    uiV3ChoiceSet(turnOn);
    if (signedIn) save.mutate(turnOn);
    navigate(turnOn ? paths.homeGame : paths.game);
  };
  return (
    <button type="button" className={styles.switch} onClick={toggle} aria-pressed={on}>
      {on ? <LayoutGrid size={16} aria-hidden="true" /> : <Sparkles size={16} aria-hidden="true" />}
      {on ? t('casino.uiClassic') : t('casino.uiNew')}
    </button>
  );
}
