/**
 * Tiny synthesised sounds (no audio files). Off by default: a player opts in from the game's top bar.
 */
let context: AudioContext | undefined;

export type SoundCue = 'tick' | 'win' | 'lose' | 'click';

const CUES: Record<SoundCue, { frequencies: number[]; durationS: number; type: OscillatorType }> = {
  click: { frequencies: [660], durationS: 0.05, type: 'square' },
  tick: { frequencies: [880], durationS: 0.03, type: 'triangle' },
  win: { frequencies: [523, 659, 784, 1047], durationS: 0.12, type: 'triangle' },
  lose: { frequencies: [220, 165], durationS: 0.16, type: 'sawtooth' },
};

export function soundPlay(cue: SoundCue, enabled: boolean): void {
  if (!enabled || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const { frequencies, durationS, type } = CUES[cue];
  frequencies.forEach((frequency, index) => {
    const start = context!.currentTime + index * durationS;
    const oscillator = context!.createOscillator();
    const gain = context!.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + durationS);
    oscillator.connect(gain).connect(context!.destination);
    oscillator.start(start);
    oscillator.stop(start + durationS);
  });
}
