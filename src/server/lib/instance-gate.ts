/** A number of places in this process: what one instance runs at once. */
export class InstanceGate {
  private held = 0;

  constructor(readonly places: number) {}

  tryEnter(): boolean {
    if (this.held >= this.places) return false;
    this.held += 1;
    return true;
  }

  leave(): void {
    this.held = Math.max(0, this.held - 1);
  }

  get inUse(): number {
    return this.held;
  }
}
