import { Field } from '../../ui/field.tsx';

/** One answer field per security question, labelled by the question itself. */
export const AnswersFields = ({
  questions,
  values,
  onChange,
  error,
}: {
  questions: { id: number; question: string }[];
  values: Record<number, string>;
  onChange: (id: number, value: string) => void;
  error?: string | null;
}) => (
  <>
    {questions.map((q, i) => (
      <Field
        key={q.id}
        label={q.question}
        name={`answer-${q.id}`}
        autoComplete="off"
        maxLength={100}
        dir="auto"
        value={values[q.id] ?? ''}
        error={i === 0 ? error : null}
        onChange={(e) => onChange(q.id, e.target.value)}
        required
      />
    ))}
  </>
);

export const answersOf = (questions: { id: number }[], values: Record<number, string>) =>
  questions.map((q) => ({ id: q.id, answer: (values[q.id] ?? '').trim() }));
