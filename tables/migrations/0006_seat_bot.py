from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0005_table_timer'),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='bot',
            field=models.CharField(blank=True, choices=[('random', 'Bot (random)'), ('greedy', 'Bot (greedy)')], default='', max_length=16),
        ),
    ]
