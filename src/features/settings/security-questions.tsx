import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { FormMessage, LoadFailed, Loading } from '../auth/form-status.tsx';
import { useSecurityQuestions } from '../auth/use-security.ts';

const SLOTS = [0, 1, 2] as const;

/** Three security questions: the way back in when the second factor is lost or the account locked. */
export const SecurityQuestions = () => {
  const { t } = useTranslation();
  const { list, save } = useSecurityQuestions();
  const ids = useId();
  const [chosen, setChosen] = useState<(number | '')[]>(['', '', '']);
  const [answers, setAnswers] = useState(['', '', '']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [editing, setEditing] = useState(false);

  if (list.state === 'loading') return <Loading />;
  if (list.state === 'error') return <LoadFailed message={list.error.message} onRetry={list.reload} />;
  const { questions, chosen: saved } = list.data;

  const submit = async () => {
    if (chosen.some((c) => c === '') || new Set(chosen).size !== 3) return setError(t('settings.security.rules.threeQuestions'));
    if (answers.some((a) => a.trim() === '')) return setError(t('settings.security.rules.answers'));
    if (!password) return setError(t('settings.security.rules.currentRequired'));
    setError(null);
    const result = await save({ password, answers: SLOTS.map((i) => ({ id: chosen[i] as number, answer: answers[i]!.trim() })) });
    if (!result.ok) return setError(result.message);
    setDone(true);
    setEditing(false);
    setPassword('');
    setAnswers(['', '', '']);
    void list.reload();
  };

  return (
    <section className="stack security-part" aria-labelledby="questions-heading">
      <h3 id="questions-heading">{t('settings.security.questionsTitle')}</h3>
      <p>{saved.length ? t('settings.security.questionsSet') : t('settings.security.questionsNone')}</p>
      {saved.length > 0 && (
        <ul>
          {saved.map((id) => (
            <li key={id}>{questions.find((q) => q.id === id)?.question}</li>
          ))}
        </ul>
      )}
      {done && <FormMessage kind="success">{t('settings.security.questionsSaved')}</FormMessage>}
      {!editing ? (
        <div>
          <Button variant="secondary" onClick={() => setEditing(true)} lockMs={0}>
            {saved.length ? t('settings.security.questionsChange') : t('settings.security.questionsAdd')}
          </Button>
        </div>
      ) : (
        <form className="stack" onSubmit={(e) => e.preventDefault()} noValidate>
          <p className="muted">{t('settings.security.questionsIntro')}</p>
          {SLOTS.map((i) => (
            <fieldset key={i} className="stack plain-fieldset">
              <legend>{t('settings.security.questionN', { n: i + 1 })}</legend>
              <div className="field">
                <label htmlFor={`${ids}-q${i}`}>{t('settings.security.question')}</label>
                <select
                  id={`${ids}-q${i}`}
                  name={`question_${i + 1}`}
                  value={chosen[i]}
                  onChange={(e) => setChosen((c) => c.map((v, j) => (j === i ? (e.target.value ? Number(e.target.value) : '') : v)))}
                >
                  <option value="">{t('settings.security.pickQuestion')}</option>
                  {questions.map((q) => (
                    <option key={q.id} value={q.id} disabled={chosen.includes(q.id) && chosen[i] !== q.id}>
                      {q.question}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                label={t('settings.security.answer')}
                name={`answer_${i + 1}`}
                autoComplete="off"
                maxLength={100}
                dir="auto"
                value={answers[i]}
                onChange={(e) => setAnswers((a) => a.map((v, j) => (j === i ? e.target.value : v)))}
                required
              />
            </fieldset>
          ))}
          <Field
            label={t('settings.security.currentPassword')}
            type="password"
            name="questions_password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          {error && <FormMessage>{error}</FormMessage>}
          <div className="row">
            <Button type="submit" onClick={submit}>
              {t('settings.security.questionsSave')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)} lockMs={0}>
              {t('actions.cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
};
