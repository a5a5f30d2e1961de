/** The time source the server uses for everything it decides by time; tests inject their own. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
