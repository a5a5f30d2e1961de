-- The default categories take their colours from the palette the app passes in
-- (src/shared/colour-palette.ts, docs/analytics.md#colours), in order and round again, so two
-- categories side by side never share a colour or look alike. The names, icons and order stay
-- those of 20261122000000_books_categories_entries.sql. Books made before keep their colours:
-- the person may have chosen them.
DROP FUNCTION seed_default_categories(uuid);
--> statement-breakpoint
CREATE FUNCTION seed_default_categories(target_book uuid, palette text[]) RETURNS void
LANGUAGE sql AS $$
  WITH grp(name, kind, position, children) AS (
    VALUES
      ('Food', 'spending', 0, ARRAY['Groceries|shopping-cart', 'Dining out|utensils', 'Coffee|coffee']),
      ('Housing', 'spending', 1, ARRAY['Rent|house', 'Utilities|zap', 'Maintenance|wrench']),
      ('Transport', 'spending', 2, ARRAY['Fuel|fuel', 'Public transport|bus', 'Taxi|car']),
      ('Shopping', 'spending', 3, ARRAY['Clothing|shirt', 'Electronics|laptop', 'Household|sofa']),
      ('Health', 'spending', 4, ARRAY['Pharmacy|pill', 'Doctor|stethoscope', 'Fitness|dumbbell']),
      ('Leisure', 'spending', 5, ARRAY['Entertainment|film', 'Travel|plane', 'Subscriptions|repeat']),
      ('Bills', 'spending', 6, ARRAY['Phone|smartphone', 'Internet|wifi', 'Insurance|shield']),
      ('Income', 'income', 7, ARRAY['Salary|briefcase', 'Freelance|laptop', 'Interest|piggy-bank', 'Gifts|gift', 'Refunds|undo-2'])
  ),
  inserted AS (
    INSERT INTO category_groups (book_id, name, kind, position)
    SELECT target_book, name, kind, position FROM grp
    RETURNING id, name
  ),
  child AS (
    SELECT inserted.id AS group_id, c.value, (c.ordinality - 1)::integer AS position,
           row_number() OVER (ORDER BY grp.position, c.ordinality) - 1 AS seq
    FROM inserted
    JOIN grp ON grp.name = inserted.name
    CROSS JOIN LATERAL unnest(grp.children) WITH ORDINALITY AS c(value, ordinality)
  )
  INSERT INTO categories (book_id, group_id, name, icon, color, position)
  SELECT target_book, group_id, split_part(value, '|', 1), split_part(value, '|', 2),
         palette[(seq % cardinality(palette)) + 1], position
  FROM child;
$$;
