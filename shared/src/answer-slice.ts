// An answer after every action (issue 18 item 2, design §3 "Screens"): what a save, a decision or a
// step did, said the same way on every screen. A screen (through the `useSay` block) puts the words
// here; the host shows them in one live region that outlives a move to another page (a save that
// opens the saved item's page still says «Товар «Насос» сохранён»), so screen readers hear them.
// With `focus: 'heading'` the next screen heading drawn (the new page's) takes the focus once.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AnswerTone = 'success' | 'info' | 'warning' | 'error';

export interface Answer {
  /** Tells one answer from the next, even with the same words. */
  id: number;
  text: string;
  tone: AnswerTone;
  /** 'heading': the next screen heading drawn takes the focus (once); null: the focus stays. */
  focus: 'heading' | null;
}

export interface AnswerState {
  current: Answer | null;
}

export interface AnswerInput {
  text: string;
  tone?: AnswerTone;
  focus?: 'heading' | null;
}

let lastId = 0;

export const answerSlice = createSlice({
  name: 'answer',
  initialState: (): AnswerState => ({ current: null }),
  reducers: {
    answered: {
      reducer(state, action: PayloadAction<Answer>) {
        state.current = action.payload;
      },
      prepare({ text, tone = 'success', focus = null }: AnswerInput) {
        lastId += 1;
        return { payload: { id: lastId, text, tone, focus } };
      },
    },
    /** The heading took the focus: later headings leave it where it is. */
    answerFocused(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current.focus = null;
    },
    /** Closed by the user or timed out (only the answer it names: a newer one stays). */
    answerDismissed(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
  selectors: {
    selectAnswer: (state) => state.current,
  },
});

export const { answered, answerFocused, answerDismissed } = answerSlice.actions;
export const { selectAnswer } = answerSlice.selectors;
