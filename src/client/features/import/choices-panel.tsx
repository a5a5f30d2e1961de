import { useId } from 'react';
import type { ImportChoice } from '../../../shared/schemas/import.js';
import { Button } from '../../components/ui/button.js';
import { Label } from '../../components/ui/label.js';
import { CHOICE_WORDS, controlOf, encodingWords, optionWords } from './choice-answers.js';

const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';

interface ChoiceProps {
  /** The choices to show, as the preview lists them (and the CSV's date order and decimals). */
  choices: ImportChoice[];
  /** Whether a choice is a question still waiting for the person's answer. */
  isOpen: (choice: ImportChoice) => boolean;
  onAnswer: (choice: ImportChoice, option: string) => void;
  /** Confirms the proposed columns (answers a question about the columns or the sign). */
  onKeepColumns: () => void;
  /** Where the mapping form and the statements are, for questions answered there. */
  columnsId: string | undefined;
  statementsId: string | undefined;
}

/**
 * Every choice the importer made that the file does not settle (docs/import.md#choices), in
 * words with its evidence, each with the control that changes it. The ones the file leaves
 * truly open come first, as questions in a box of their own announced to screen readers; the
 * import waits for their answers. The rest are listed under "How the file was read".
 */
export function ChoicesPanel(props: ChoiceProps & { encoding: string }) {
  const id = useId();
  const questions = props.choices.filter(props.isOpen);
  const settled = props.choices.filter((choice) => !props.isOpen(choice));
  const hasEncoding = props.choices.some((choice) => choice.kind === 'encoding');
  return (
    <>
      {questions.length > 0 && (
        <section
          aria-labelledby={`${id}-questions`}
          className="space-y-4 rounded-xl border-2 border-primary p-4"
        >
          <h3 id={`${id}-questions`} className="font-semibold">
            Answer before importing
          </h3>
          <p role="alert" className="text-sm font-medium">
            {questions.length === 1
              ? 'This file leaves a question open: '
              : `This file leaves ${questions.length} questions open: `}
            {questions.map((choice) => CHOICE_WORDS[choice.kind].question).join(' ')} Nothing is
            imported until you answer.
          </p>
          {questions.map((choice) => (
            <ChoiceItem
              key={`${choice.kind} ${choice.answer}`}
              {...props}
              choice={choice}
              question
            />
          ))}
        </section>
      )}
      <section aria-labelledby={`${id}-read`} className="space-y-3">
        <h3 id={`${id}-read`} className="font-semibold">
          How the file was read
        </h3>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {!hasEncoding && (
            <div className="space-y-1 text-sm">
              <p className="font-medium">{CHOICE_WORDS.encoding.label}</p>
              <p className="text-muted-foreground">{encodingWords(props.encoding)}</p>
            </div>
          )}
          {settled.map((choice) => (
            <ChoiceItem
              key={`${choice.kind} ${choice.answer}`}
              {...props}
              choice={choice}
              question={false}
            />
          ))}
        </div>
      </section>
    </>
  );
}

function ChoiceItem(props: ChoiceProps & { choice: ImportChoice; question: boolean }) {
  const id = useId();
  const { choice, question } = props;
  const words = CHOICE_WORDS[choice.kind];
  const title = question ? words.question : words.label;
  const evidence = (
    <p id={`${id}-evidence`} className="text-sm text-muted-foreground">
      {choice.evidence}
    </p>
  );
  const control = controlOf(choice);
  if (control.type === 'select') {
    const options = choice.options.includes(choice.chosen)
      ? choice.options
      : [choice.chosen, ...choice.options];
    return (
      <div className="space-y-1">
        <Label htmlFor={`${id}-answer`}>{title}</Label>
        {evidence}
        <select
          id={`${id}-answer`}
          aria-describedby={`${id}-evidence`}
          className={selectClass}
          // A question shows no answer until the person gives one: the preview's guess is in
          // the evidence, never preselected as if it were theirs.
          value={question ? '' : choice.chosen}
          onChange={(event) => props.onAnswer(choice, event.target.value)}
        >
          {question && (
            <option value="" disabled>
              Choose an answer
            </option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionWords(choice.kind, option)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium">{title}</p>
      {evidence}
      {control.type === 'mapping' && (
        <div className="flex flex-wrap items-center gap-3">
          {question && (
            <Button
              size="sm"
              variant="outline"
              aria-describedby={`${id}-evidence`}
              onClick={props.onKeepColumns}
            >
              Keep these columns
            </Button>
          )}
          {props.columnsId && (
            <a
              href={`#${props.columnsId}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {question ? 'or change them in Columns' : 'Change them in Columns'}
            </a>
          )}
        </div>
      )}
      {control.type === 'statements' && props.statementsId && (
        <a
          href={`#${props.statementsId}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Choose an account for each statement
        </a>
      )}
      {control.type === 'unsupported' && (
        <p className="text-muted-foreground">This cannot be changed on this page.</p>
      )}
    </div>
  );
}
