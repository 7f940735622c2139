// The step-by-step calculator (spec §4): a list of steps and the index of the current one, kept
// under `steps`. Changing an earlier step discards the later ones (design §5).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStorage, STORAGE_KEYS } from './storage';
import type { CalculatorStep } from './types';

export interface CalculatorState {
  steps: CalculatorStep[];
  /** The index of the step being worked on: steps.length when all stored steps are done. */
  current: number;
  error: string | null;
}

function isStep(value: unknown): value is CalculatorStep {
  return typeof value === 'object' && value !== null && typeof (value as CalculatorStep).key === 'string';
}

export function initialCalculatorState(): CalculatorState {
  const stored = readStorage<unknown>(STORAGE_KEYS.steps, []);
  const steps = Array.isArray(stored) ? stored.filter(isStep) : [];
  return { steps, current: steps.length, error: null };
}

export function isValidStepIndex(steps: readonly unknown[], index: unknown): index is number {
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < steps.length;
}

export const calculatorSlice = createSlice({
  name: 'calculator',
  initialState: initialCalculatorState,
  reducers: {
    addStep(state, action: PayloadAction<CalculatorStep>) {
      state.steps.push(action.payload);
      state.current = state.steps.length;
      state.error = null;
    },
    changeStep(state, action: PayloadAction<{ index: number; step: CalculatorStep }>) {
      const { index, step } = action.payload;
      // Changing the step right after the last one is the same as adding it.
      if (!Number.isInteger(index) || index < 0 || index > state.steps.length) return;
      state.steps = [...state.steps.slice(0, index), step];
      state.current = state.steps.length;
      state.error = null;
    },
    /** An invalid index is left alone here; the store only logs it (spec §8). */
    removeStep(state, action: PayloadAction<number>) {
      if (!isValidStepIndex(state.steps, action.payload)) return;
      state.steps.splice(action.payload, 1);
      state.current = Math.min(state.current, state.steps.length);
    },
    clearSteps(state) {
      state.steps = [];
      state.current = 0;
      state.error = null;
    },
    setCurrentStep(state, action: PayloadAction<number>) {
      const index = Math.trunc(action.payload);
      if (Number.isFinite(index)) state.current = Math.max(0, Math.min(index, state.steps.length));
    },
    calculatorStorageFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
  },
  selectors: {
    selectSteps: (state) => state.steps,
    selectCurrentStep: (state) => state.current,
    selectCalculatorError: (state) => state.error,
  },
});

export const { addStep, changeStep, removeStep, clearSteps, setCurrentStep, calculatorStorageFailed } = calculatorSlice.actions;
export const { selectSteps, selectCurrentStep, selectCalculatorError } = calculatorSlice.selectors;
