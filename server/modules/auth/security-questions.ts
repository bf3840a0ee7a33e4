import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { securityAnswers } from '../../db/schema/index.ts';
import { invalid } from '../../http/answer.ts';
import { translate, type MessageKey } from '../../http/messages.ts';
import type { LangCode } from '../../../schemas/languages.ts';
import { SECURITY_ANSWERS_COUNT } from './limits.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/**
 * Security questions: the way back in when the second factor is out of reach (problemLogin) or
 * the account is locked (applyUnfreeze). The questions are fixed and translated; a member's
 * answers are normalised (case, spacing, Unicode form) and hashed like passwords.
 */
export const QUESTION_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const questionKey = (id: number) => `securityQuestion${id}` as MessageKey;

export const isQuestionId = (id: number): boolean => (QUESTION_IDS as readonly number[]).includes(id);

export const questionText = (id: number, lang: LangCode) => ({ id, question: translate(lang, questionKey(id)) });
export const allQuestions = (lang: LangCode) => QUESTION_IDS.map((id) => questionText(id, lang));

/** "  Saint-Étienne " and "saint-étienne" are the same answer; so are full- and half-width forms. */
export const normaliseAnswer = (answer: string): string => answer.normalize('NFKC').trim().toLowerCase().replace(/\s+/gu, ' ');

export const chosenQuestionIds = async (db: Db, userId: number): Promise<number[]> =>
  (await db.select({ id: securityAnswers.questionId }).from(securityAnswers).where(eq(securityAnswers.userId, userId)))
    .map((r) => r.id)
    .sort((a, b) => a - b);

type AnswerInput = { id: number; answer: string }[];

/** Checks the shape of a set of answers: 3 different known questions, none left empty. */
export const checkAnswerSet = (answers: AnswerInput): void => {
  const ids = answers.map((a) => a.id);
  if (ids.some((id) => !isQuestionId(id))) throw invalid('answers', 'must use questions from problemsList');
  if (new Set(ids).size !== SECURITY_ANSWERS_COUNT) throw invalid('answers', 'must answer 3 different questions');
  if (answers.some((a) => normaliseAnswer(a.answer) === '')) throw invalid('answers', 'cannot be empty');
};

/** Replaces the member's answers in one transaction. */
export const saveAnswers = async (db: Db, userId: number, answers: AnswerInput): Promise<void> => {
  checkAnswerSet(answers);
  const rows: (typeof securityAnswers.$inferInsert)[] = [];
  for (const a of answers) rows.push({ userId, questionId: a.id, answerHash: await hashPassword(normaliseAnswer(a.answer)) });
  await db.transaction(async (tx) => {
    await tx.delete(securityAnswers).where(eq(securityAnswers.userId, userId));
    await tx.insert(securityAnswers).values(rows);
  });
};

/** True when the answers are for exactly the member's questions and all of them are right. */
export const answersMatch = async (db: Db, userId: number, answers: AnswerInput): Promise<boolean> => {
  const stored = await db
    .select()
    .from(securityAnswers)
    .where(and(eq(securityAnswers.userId, userId), inArray(securityAnswers.questionId, answers.map((a) => a.id))));
  const chosen = await chosenQuestionIds(db, userId);
  if (chosen.length === 0 || stored.length !== chosen.length || answers.length !== chosen.length) return false;
  let all = true;
  // Every answer is checked, right or wrong, so the time taken does not tell which one failed.
  for (const a of answers) {
    const row = stored.find((s) => s.questionId === a.id);
    const ok = row ? await verifyPassword(normaliseAnswer(a.answer), row.answerHash) : false;
    all = all && ok;
  }
  return all;
};
