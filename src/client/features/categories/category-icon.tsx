import {
  Baby,
  Banknote,
  Bike,
  Book,
  Briefcase,
  Bus,
  Car,
  Coffee,
  Dumbbell,
  Film,
  Fuel,
  Gamepad2,
  Gift,
  GraduationCap,
  HandCoins,
  Heart,
  House,
  Landmark,
  Laptop,
  Music,
  PawPrint,
  PiggyBank,
  Pill,
  Plane,
  Receipt,
  Repeat,
  Shield,
  Shirt,
  ShoppingCart,
  Smartphone,
  Sofa,
  Stethoscope,
  Tag,
  TrainFront,
  Undo2,
  Utensils,
  Wallet,
  Wifi,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { CategoryIcon as IconName } from '../../../shared/schemas/category.js';

/** Every icon a category may have (CATEGORY_ICONS), as lucide draws it. */
const ICONS: Record<IconName, LucideIcon> = {
  tag: Tag,
  'shopping-cart': ShoppingCart,
  utensils: Utensils,
  coffee: Coffee,
  house: House,
  zap: Zap,
  wrench: Wrench,
  fuel: Fuel,
  bus: Bus,
  car: Car,
  shirt: Shirt,
  laptop: Laptop,
  sofa: Sofa,
  pill: Pill,
  stethoscope: Stethoscope,
  dumbbell: Dumbbell,
  film: Film,
  plane: Plane,
  repeat: Repeat,
  smartphone: Smartphone,
  wifi: Wifi,
  shield: Shield,
  briefcase: Briefcase,
  'piggy-bank': PiggyBank,
  gift: Gift,
  'undo-2': Undo2,
  baby: Baby,
  book: Book,
  'graduation-cap': GraduationCap,
  heart: Heart,
  'paw-print': PawPrint,
  music: Music,
  'gamepad-2': Gamepad2,
  'train-front': TrainFront,
  bike: Bike,
  landmark: Landmark,
  receipt: Receipt,
  wallet: Wallet,
  banknote: Banknote,
  'hand-coins': HandCoins,
};

/** The category's icon on a disc of its colour; decorative (its name is beside it). */
export function CategoryIcon({ icon, color }: { icon: string; color: string }) {
  const Icon = ICONS[icon as IconName] ?? Tag;
  return (
    <span
      aria-hidden
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-white"
      style={{ backgroundColor: color }}
    >
      <Icon className="h-4 w-4" />
    </span>
  );
}
