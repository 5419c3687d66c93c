from datetime import timedelta

import requests
from airflow import DAG
from airflow.operators.python import PythonOperator

default_args = {"retries": 4, "retry_delay": timedelta(minutes=1)}


def export_stock():
    requests.get("http://inventory/export", timeout=5)


with DAG("etl", default_args=default_args) as dag:
    PythonOperator(task_id="export_stock", python_callable=export_stock)
