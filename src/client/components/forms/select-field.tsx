import { Label } from '../ui/label.js';
import { Select, type SelectOption } from '../ui/select.js';

/** A select under its visible label, which is also its accessible name. */
export function SelectField(props: {
  id: string;
  label: string;
  /** Shown while no option is chosen. */
  placeholder: string;
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: SelectOption[];
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select
        id={props.id}
        ariaLabel={props.label}
        placeholder={props.placeholder}
        value={props.value}
        onValueChange={props.onValueChange}
        options={props.options}
      />
    </div>
  );
}
