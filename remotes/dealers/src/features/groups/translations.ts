// The words of «Группы дилеров» and a group's form (namespace `dealers`, key `groups`), Russian first.
import { addTranslations } from '@portal/shared';

addTranslations('dealers', {
  ru: {
    groups: {
      title: 'Группы дилеров', empty: 'Групп пока нет', create: 'Новая группа', back: 'Ко всем группам',
      columns: { name: 'Название', discount: 'Скидка, %', description: 'Описание', actions: 'Действия' },
      edit: 'Изменить', delete: 'Удалить',
      deleteConfirm: 'Удалить группу «{{name}}»?',
      deleteText: 'Группу можно удалить, только если в ней нет дилеров.',
      newTitle: 'Новая группа дилеров', editTitle: 'Группа «{{name}}»: изменение',
      form: {
        name: 'Название', nameRequired: 'Укажите название группы', discount: 'Скидка, %',
        discountRequired: 'Укажите скидку: от 0 до 100', discountRange: 'Скидка — от 0 до 100, не более двух знаков после запятой',
        discountHint: 'Применяется к ценам каталога для всех дилеров группы.', description: 'Описание',
      },
    },
  },
  en: {
    groups: {
      title: 'Dealer groups', empty: 'No groups yet', create: 'New group', back: 'All groups',
      columns: { name: 'Name', discount: 'Discount, %', description: 'Description', actions: 'Actions' },
      edit: 'Edit', delete: 'Delete',
      deleteConfirm: 'Delete the group «{{name}}»?',
      deleteText: 'A group can be deleted only while no dealer belongs to it.',
      newTitle: 'New dealer group', editTitle: 'Group «{{name}}»: editing',
      form: {
        name: 'Name', nameRequired: "Enter the group's name", discount: 'Discount, %',
        discountRequired: 'Enter the discount: 0 to 100', discountRange: 'The discount is 0 to 100, with at most two decimal places',
        discountHint: "Applies to the catalogue's prices for every dealer in the group.", description: 'Description',
      },
    },
  },
});
